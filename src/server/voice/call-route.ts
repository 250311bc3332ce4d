import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { API_PATHS } from '../../contracts/api';
import { API_ERRORS } from '../../contracts/responses';
import type { VoiceConfig } from '../core/config';
import { VoiceCallFailedError, VoiceNotConfiguredError, VoiceSessionRefusedError } from '../core/http-errors';
import type { ZodMiniTypeProvider } from '../core/validation';
import type { CallsApi } from './calls-api';
import type { StoreAccess } from '../core/plugins/storage';
import type { VoiceStore } from './store';

export type VoiceCallOptions = {
  store: StoreAccess<VoiceStore>;
  voice: VoiceConfig;
  /** Vapi's API with the private key (./calls-api.ts); undefined while the demo is off. */
  calls: CallsApi | undefined;
  /** The voice demo's clock (tests move it forward). */
  now: () => Date;
};

/** The SDK's body is a few hundred bytes; nothing in it is read. */
export const VOICE_CALL_BODY_LIMIT = 16 * 1024;

/** A session key as POST /api/voice/session makes them (128 bits, base64url): anything else is refused before the database. */
const SESSION_KEY = /^[\w-]{22}$/;

const joinableCallSchema = z.object({
  id: z.string(),
  webCallUrl: z.string(),
  transport: z.optional(z.record(z.string(), z.unknown())),
  artifactPlan: z.object({ videoRecordingEnabled: z.boolean() }),
  assistant: z.object({ voice: z.object({ provider: z.string() }) }),
});

/**
 * POST /api/voice/call/web: where the page's voice SDK places its call (its API base is /api/voice,
 * its key the session's). Vapi's "proxy server" pattern: the server places the call with Vapi with
 * the private key and a body it writes itself (./calls-api.ts): the session's language's
 * assistant, the session in the call's metadata, VOICE_MAX_CALL_SECONDS. The browser's body must be
 * a JSON object (400 otherwise, 413 past VOICE_CALL_BODY_LIMIT) and none of it is used:
 * `assistantOverrides`, `assistant`, `squad`, `workflow`, server or message settings are ignored.
 *
 * - `Authorization: Bearer <session>`: a session used once, within its minute; an unknown or
 *   expired one is 401 session_expired, a second use 401 session_used, and neither places anything.
 * - 201 with what the SDK joins with: the call's id, webCallUrl, transport, and the two fields the
 *   SDK reads of the assistant and artifact plan. Never the control or listen URLs.
 * - Vapi refusing or not answering within VAPI_TIMEOUT_MS: 502 call_failed, and the session's line
 *   is free again.
 */
export async function voiceCallRoute(app: FastifyInstance, options: VoiceCallOptions) {
  const { voice, calls } = options;

  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.voiceCallWeb,
    {
      bodyLimit: VOICE_CALL_BODY_LIMIT,
      schema: { body: z.record(z.string(), z.unknown()), response: { 201: joinableCallSchema, ...API_ERRORS } },
      // Before the body is read: a request without a key of the right shape costs nothing more.
      onRequest: async (request) => {
        if (!calls || !voice.privateKey) throw new VoiceNotConfiguredError('calls');
        const key = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
        if (!key || !SESSION_KEY.test(key)) throw new VoiceSessionRefusedError('session_expired');
      },
    },
    async (request, reply) => {
      const session = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')![1]!;
      const store = options.store.get();
      const used = await store.useVoiceSession(session, options.now());
      if (!used.ok) {
        request.logFields = { ...request.logFields, voiceCall: used.refusal };
        throw new VoiceSessionRefusedError(used.refusal);
      }
      const assistantId = voice.assistantIds[used.locale as keyof VoiceConfig['assistantIds']];
      if (!calls || !assistantId) {
        await store.voiceCallNotPlaced(session);
        throw new VoiceNotConfiguredError(used.locale);
      }
      let placed;
      try {
        placed = await calls.place({ assistantId, session, maxCallSeconds: voice.maxCallSeconds });
      } catch (error) {
        await store.voiceCallNotPlaced(session);
        throw new VoiceCallFailedError({ cause: error });
      }
      // A call the budget cannot see must not go on: ended, and the visitor told it could not start.
      const endIt = () => (placed.controlUrl ? calls.end(placed.controlUrl).catch(() => undefined) : undefined);
      let recorded;
      try {
        recorded = await store.voiceCallPlaced(session, { callId: placed.join.id, controlUrl: placed.controlUrl, now: options.now() });
      } catch (error) {
        await endIt();
        throw error;
      }
      if (!recorded) {
        await endIt();
        throw new VoiceCallFailedError({ cause: new Error(`Vapi gave a call id it had given before: ${placed.join.id}`) });
      }
      request.logFields = { ...request.logFields, voiceCall: 'placed', voiceLocale: used.locale };
      return reply.code(201).header('cache-control', 'no-store').send(placed.join);
    },
  );
}
