import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/site-schema';
import { API_PATHS } from '../../contracts/api';
import { fieldErrors } from '../../contracts/fields';
import { LOCALES, type Locale } from '../../contracts/locales';
import { CALLBACK_TOOL, type CallbackArgument, callbackArgumentsSchema } from '../../contracts/voice-lead';
import { fillContent } from '../../content';
import { oneLine } from '../../content/text';
import { AGENT_COPY, type AgentCopy } from '../../content/agent';
import { ASSISTANT_KEY, assistantKey } from '../../assistants/identity';
import type { VoiceConfig } from '../config';
import { NotConfiguredError, UnauthorizedError, VoiceNotConfiguredError } from '../http-errors';
import { StorageReserveError, StoreUnavailableError } from '../store';
import type { ZodMiniTypeProvider } from '../validation';
import {
  SERVER_MESSAGE_BODY_LIMIT,
  type ServerMessage,
  type ToolCallRequest,
  argumentsObject,
  callReportOf,
  serverMessageSchema,
  toolCallsOf,
} from '../vapi/server-messages';

export type VoiceEventsOptions = {
  voice: Pick<VoiceConfig, 'leads' | 'assistantIds'>;
  /** For the agent's answers that name the firm's phone and e-mail. */
  site: SiteConfig;
};

/** One answer per tool call, as Vapi reads it: a result, or an error, each one line the model turns into words. */
type ToolCallResult = { toolCallId: string; result: string } | { toolCallId: string; error: string };

/**
 * POST /api/voice/events: the messages Vapi sends to the assistants' server URL (docs/voice.md).
 * - Only Vapi: `Authorization: Bearer <VAPI_SERVER_SECRET>` (the credential `voice:sync` keeps),
 *   compared in constant time, checked before the body is read; anything else is 401 and nothing
 *   is stored. Without VAPI_SERVER_SECRET: 503 not_configured.
 * - `tool-calls`: each call of the callback tool is checked with the contract its JSON Schema was
 *   made from (src/contracts/voice-lead.ts) and stored as a contact submission (source 'voice'),
 *   with its notifications, once per call (insertVoiceLead). Always 200 `{ results }`, one per
 *   tool call, so that the agent has something to say whatever happened.
 * - `end-of-call-report`: the summary (and transcript, with VOICE_LEAD_TRANSCRIPT=on) goes to
 *   that call's lead, and a follow-up notification with it; a call without a lead leaves nothing.
 * - Anything else: 200, ignored.
 * No per-address limit or proof of work (the requests are Vapi's, authenticated); the storage
 * reserve and the notifications cap apply as to any lead. Bodies up to SERVER_MESSAGE_BODY_LIMIT.
 */
export async function voiceEventsRoute(app: FastifyInstance, options: VoiceEventsOptions) {
  const { leads } = options.voice;
  const expected = leads ? digest(`Bearer ${leads.serverSecret}`) : undefined;
  const copies = Object.fromEntries(LOCALES.map((locale) => [locale, fillContent(AGENT_COPY[locale], options.site, locale).callback.answers])) as Record<
    Locale,
    AgentCopy['callback']['answers']
  >;

  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.voiceEvents,
    {
      bodyLimit: SERVER_MESSAGE_BODY_LIMIT,
      schema: { body: serverMessageSchema },
      // Before the body is read: a request that is not Vapi's costs a hash, nothing more.
      onRequest: async (request) => {
        if (!expected) throw new VoiceNotConfiguredError('callback requests');
        if (!timingSafeEqual(digest(bearer(request)), expected)) throw new UnauthorizedError();
      },
    },
    async (request, reply) => {
      const { message } = request.body;
      request.logFields = { ...request.logFields, voiceEvent: message.type.slice(0, 40) };
      if (message.type === 'tool-calls') {
        const results: ToolCallResult[] = [];
        for (const call of toolCallsOf(message)) results.push(await answerToolCall(request, message, call));
        return reply.code(200).send({ results });
      }
      if (message.type === 'end-of-call-report') {
        const callId = message.call?.id;
        const report = callReportOf(message);
        if (!callId || !(report.summary || (leads?.keepTranscript && report.transcript))) return reply.code(200).send({ ok: true });
        const attached = await app.storage
          .get()
          .attachCallReport(callId, { summary: report.summary, transcript: leads?.keepTranscript ? report.transcript : null });
        request.logFields = { ...request.logFields, callReport: attached };
        if (attached === 'attached') app.deliveries.nudge();
        return reply.code(200).send({ ok: true });
      }
      return reply.code(200).send({ ok: true });
    },
  );

  /** The answer to one tool call; a refusal is an `error` the agent can say, never an HTTP error. */
  async function answerToolCall(request: FastifyRequest, message: ServerMessage, call: ToolCallRequest): Promise<ToolCallResult> {
    const args = argumentsObject(call.arguments);
    const answers = copies[localeOf(args, message)];
    const outcome = (text: string, kind: 'result' | 'error'): ToolCallResult =>
      kind === 'result' ? { toolCallId: call.id, result: oneLine(text) } : { toolCallId: call.id, error: oneLine(text) };
    if (call.name !== CALLBACK_TOOL) return outcome(answers.unknownTool, 'error');
    if (!args || typeof args !== 'object' || Array.isArray(args)) return outcome(answers.unreadable, 'error');
    const parsed = callbackArgumentsSchema.safeParse(args);
    if (!parsed.success) {
      const problems = Object.entries(fieldErrors(parsed.error.issues));
      // The fields' names only: what the caller said stays out of the log.
      request.logFields = { ...request.logFields, voiceLead: 'invalid', fields: problems.map(([field]) => field) };
      return outcome(
        answers.invalid(problems.map(([field, code]) => answers.codes[code](answers.fields[field as CallbackArgument | 'contact'] ?? field)).join('; ')),
        'error',
      );
    }
    const callId = message.call?.id;
    if (!callId) {
      request.log.warn({ toolCallId: call.id }, 'a tool call without its call id: nothing stored');
      return outcome(answers.unavailable, 'error');
    }
    const { name, company, phone, email, need, preferredTime, language } = parsed.data;
    try {
      const stored = await app.storage
        .get()
        .insertVoiceLead({ callId, toolCallId: call.id, name, company, phone, email, message: need, preferredTime, locale: language });
      request.logFields = { ...request.logFields, voiceLead: stored.outcome };
      if (stored.outcome === 'created') app.deliveries.nudge();
      // Vapi retrying a call gets the answer the first attempt got.
      return outcome(stored.outcome === 'call_has_lead' ? answers.alreadyNoted : answers.saved, 'result');
    } catch (error) {
      if (!(error instanceof StoreUnavailableError || error instanceof StorageReserveError || error instanceof NotConfiguredError)) throw error;
      request.logFields = { ...request.logFields, voiceLead: 'unavailable', ...(error instanceof StorageReserveError ? { limit: 'STORAGE_RESERVE' } : {}) };
      if (!(error instanceof StorageReserveError)) request.log.error({ err: error }, 'a callback request could not be stored');
      return outcome(answers.unavailable, 'error');
    }
  }

  /** The call's language: the one the tool was given, else the assistant's, else English. */
  function localeOf(args: unknown, message: ServerMessage): Locale {
    const given = (args as { language?: unknown } | null)?.language;
    if (LOCALES.includes(given as Locale)) return given as Locale;
    const key = message.assistant?.metadata?.[ASSISTANT_KEY];
    const byAssistant = LOCALES.find((locale) => assistantKey(locale) === key || options.voice.assistantIds[locale] === message.call?.assistantId);
    return byAssistant ?? 'en';
  }
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return typeof header === 'string' ? header : '';
}

/** Compared as digests: equal lengths whatever was sent, so the comparison takes the same time. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
