import type { Vapi } from '@vapi-ai/server-sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/site-schema';
import { fieldErrors } from '../../contracts/fields';
import { LOCALES, type Locale } from '../../contracts/locales';
import { CALLBACK_TOOL, type CallbackArgument, callbackArgumentsSchema } from '../../contracts/voice-lead';
import { fillContent } from '../../content';
import { AGENT_COPY, type AgentCopy } from '../../content/agent';
import { oneLine } from '../../content/text';
import { NotConfiguredError } from '../core/http-errors';
import { limitWarning } from '../core/limit-warnings';
import { StorageReserveError, StoreUnavailableError } from '../core/database/errors';
import { callLanguage } from './call-language';
import { type ServerMessage, type ToolCallRequest, type ToolCallsReply, toolCallsOf } from './server-messages';

/**
 * At most this many tool calls of one message are processed; the rest are answered with an error.
 * The agent calls its one tool once per call: a message with more is not Vapi's ordinary traffic,
 * and checking and storing each of thousands would hold the server for seconds (docs/performance.md).
 */
export const MAX_TOOL_CALLS_PER_MESSAGE = 5;

type Answers = AgentCopy['callback']['answers'];

/** The `language` argument of a tool call's arguments, if they have one. */
const languageOf = (args: unknown): unknown => (args as { language?: unknown } | null | undefined)?.language;

/**
 * The answers to a tool-calls message: each call of the callback tool is checked with the contract
 * its JSON Schema was made from (src/contracts/voice-lead.ts) and stored as a contact submission
 * (source 'voice') with its notifications, once per call (insertVoiceLead). One result per tool
 * call, carrying the tool's name, so that the agent has something to say whatever happened.
 */
export function callbackRequests(app: FastifyInstance, options: { site: SiteConfig; assistantIds: Partial<Record<Locale, string>> }) {
  const copies = Object.fromEntries(LOCALES.map((locale) => [locale, fillContent(AGENT_COPY[locale], options.site, locale).callback.answers])) as Record<
    Locale,
    Answers
  >;
  const tooMany = limitWarning(app.log, 'MAX_TOOL_CALLS_PER_MESSAGE', 'the tool calls past it in one message are answered with an error, not processed', {
    max: MAX_TOOL_CALLS_PER_MESSAGE,
  });

  return async function answer(request: FastifyRequest, message: ServerMessage): Promise<ToolCallsReply> {
    const { taken, beyond } = toolCallsOf(message, MAX_TOOL_CALLS_PER_MESSAGE);
    const results: Vapi.ToolCallResult[] = [];
    for (const call of taken) results.push(await answerOne(request, message, call));
    if (beyond.length > 0) {
      tooMany.reached(undefined, { toolCalls: taken.length + beyond.length });
      // In the language of the call, as the first tool call gave it.
      const tooManyAnswer = oneLine(copies[callLanguage(message, options.assistantIds, languageOf(taken[0]?.arguments))].tooMany);
      for (const call of beyond) results.push({ name: call.name ?? '', toolCallId: call.id, error: tooManyAnswer });
    }
    return { results };
  };

  /** The answer to one tool call; a refusal is an `error` the agent can say, never an HTTP error. */
  async function answerOne(request: FastifyRequest, message: ServerMessage, call: ToolCallRequest): Promise<Vapi.ToolCallResult> {
    const args = call.arguments;
    const answers = copies[callLanguage(message, options.assistantIds, languageOf(args))];
    const name = call.name ?? '';
    const outcome = (text: string, kind: 'result' | 'error'): Vapi.ToolCallResult => ({ name, toolCallId: call.id, [kind]: oneLine(text) });
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
    const { name: caller, company, phone, email, need, preferredTime, language } = parsed.data;
    try {
      const stored = await app.leads.insertVoiceLead({
        callId,
        toolCallId: call.id,
        name: caller,
        company,
        phone,
        email,
        message: need,
        preferredTime,
        locale: language,
      });
      request.logFields = { ...request.logFields, voiceLead: stored.outcome };
      if (stored.outcome === 'created') app.outbox.nudge();
      // Vapi retrying a call gets the answer the first attempt got.
      return outcome(stored.outcome === 'call_has_lead' ? answers.alreadyNoted : answers.saved, 'result');
    } catch (error) {
      if (!(error instanceof StoreUnavailableError || error instanceof StorageReserveError || error instanceof NotConfiguredError)) throw error;
      request.logFields = { ...request.logFields, voiceLead: 'unavailable', ...(error instanceof StorageReserveError ? { limit: 'STORAGE_RESERVE' } : {}) };
      if (!(error instanceof StorageReserveError)) request.log.error({ err: error }, 'a callback request could not be stored');
      return outcome(answers.unavailable, 'error');
    }
  }
}
