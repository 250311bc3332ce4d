import { z } from 'zod/mini';
import { proof } from './fields';
import { LOCALES } from './locales';
import { VOICE_DEMO_STATES } from './voice-call';

/**
 * The voice demo's session: the page asks for one when "Call Me" is pressed, in its language, and
 * gets the key of one call: the voice SDK sends it to this server (VOICE_API_BASE_PATH), which
 * places the call to that language's assistant itself (docs/voice.md).
 */

export const voiceSessionRequestSchema = z.strictObject({
  locale: z.enum(LOCALES, 'invalid'),
  /** A solved proof of work, as the forms send it (absent when the server asks for none). */
  altcha: proof(),
});

export type VoiceSessionRequest = z.input<typeof voiceSessionRequestSchema>;

/**
 * 201 of POST /api/voice/session. `session` is what the web SDK takes as its "public key": it
 * sends it as `Authorization: Bearer <session>` with its POST /api/voice/call/web, where the
 * server places the call with the firm's private key (no Vapi key ever reaches the page). It
 * places one call, within about a minute. Refusals: 400, 429 `rate_limited` (Retry-After),
 * 503 `lines_busy` (Retry-After 60), `daily_budget_spent` (Retry-After and `retryAfter`: the
 * seconds to the firm's midnight), `not_configured`.
 */
export const voiceSessionSchema = z.object({ ok: z.literal(true), session: z.string() });

export type VoiceSession = z.output<typeof voiceSessionSchema>;

/** GET /api/voice/status?locale=fr|en: the state of that language's demo. */
export const voiceStatusQuerySchema = z.strictObject({ locale: z.enum(LOCALES, 'invalid') });

/** 200 of GET /api/voice/status: the state only, nothing else the server knows (no counts, no times). */
export const voiceStatusSchema = z.object({ state: z.enum(VOICE_DEMO_STATES) });

export type VoiceStatus = z.output<typeof voiceStatusSchema>;

export { SESSION_METADATA_KEY, VOICE_API_BASE_PATH, VOICE_ASSISTANT_PLACEHOLDER, VOICE_DEMO_STATES, type VoiceDemoState } from './voice-call';
