import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/site-schema';
import { API_PATHS } from '../../contracts/api';
import type { VoiceConfig } from '../core/config';
import { UnauthorizedError, VoiceNotConfiguredError } from '../core/http-errors';
import type { ZodMiniTypeProvider } from '../core/validation';
import type { StoreAccess } from '../core/plugins/storage';
import type { VoiceStore } from './store';
import { callReports } from './call-reports';
import { callbackRequests } from './callback-requests';
import { API_ERRORS } from '../../contracts/responses';
import { MESSAGE_TYPES, SERVER_MESSAGE_BODY_LIMIT, serverMessageSchema, voiceEventsReplySchema } from './server-messages';

export type VoiceEventsOptions = {
  store: StoreAccess<VoiceStore>;
  voice: Pick<VoiceConfig, 'leads' | 'assistantIds'>;
  /** For the agent's answers that name the firm's phone and e-mail. */
  site: SiteConfig;
  /** FIRM_TIME_ZONE: the day a call counts in. */
  timeZone: string;
  /** The demo's clock (the voice calls' schedule): a report's times are believed around it. */
  now?: (() => Date) | undefined;
};

/**
 * POST /api/voice/events: the messages Vapi sends to the assistants' server URL (docs/voice.md).
 * - Only Vapi: `Authorization: Bearer <VAPI_SERVER_SECRET>` (the credential `voice:sync` keeps),
 *   compared in constant time, checked before the body is read; anything else is 401 and nothing
 *   is stored. Without VAPI_SERVER_SECRET: 503 not_configured.
 * - `tool-calls`: the callback requests the agent takes (./callback-requests.ts); always 200
 *   `{ results }`, one per tool call.
 * - `status-update` (in-progress) and `end-of-call-report`: the call's start and its real length,
 *   for the day's budget, and the report's summary for the call's lead (./call-reports.ts).
 * - Anything else: 200, ignored.
 * No per-address limit or proof of work (the requests are Vapi's, authenticated); the storage
 * reserve and the notifications cap apply as to any lead. Bodies up to SERVER_MESSAGE_BODY_LIMIT.
 */
export async function voiceEventsRoute(app: FastifyInstance, options: VoiceEventsOptions) {
  const { leads } = options.voice;
  const expected = leads ? digest(`Bearer ${leads.serverSecret}`) : undefined;
  const toolCalls = callbackRequests(app, { site: options.site, assistantIds: options.voice.assistantIds });
  const calls = callReports(app, options);

  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.voiceEvents,
    {
      bodyLimit: SERVER_MESSAGE_BODY_LIMIT,
      schema: { body: serverMessageSchema, response: { 200: voiceEventsReplySchema, ...API_ERRORS } },
      // Before the body is read: a request that is not Vapi's costs a hash, nothing more.
      onRequest: async (request) => {
        if (!expected) throw new VoiceNotConfiguredError('callback requests');
        if (!timingSafeEqual(digest(bearer(request)), expected)) throw new UnauthorizedError();
      },
    },
    async (request, reply) => {
      const { message } = request.body;
      request.logFields = { ...request.logFields, voiceEvent: message.type.slice(0, 40) };
      switch (message.type) {
        case MESSAGE_TYPES.toolCalls:
          return reply.code(200).send(await toolCalls(request, message));
        case MESSAGE_TYPES.statusUpdate:
          await calls.statusUpdate(request, message);
          break;
        case MESSAGE_TYPES.endOfCallReport:
          await calls.endOfCall(request, message);
          break;
        default:
          break;
      }
      return reply.code(200).send({ ok: true });
    },
  );
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return typeof header === 'string' ? header : '';
}

/** Compared as digests: equal lengths whatever was sent, so the comparison takes the same time. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
