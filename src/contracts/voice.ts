import { z } from 'zod/mini';
import { proof } from './fields';
import { LOCALES } from './locales';

/**
 * The voice demo's session: the page asks for one when "Call Me" is pressed, in its language, and
 * gets what the voice SDK needs to start that language's assistant (docs/voice.md).
 */

export const voiceSessionRequestSchema = z.strictObject({
  locale: z.enum(LOCALES, 'invalid'),
  /** A solved proof of work, as the forms send it (absent when the server asks for none). */
  altcha: proof(),
});

export type VoiceSessionRequest = z.input<typeof voiceSessionRequestSchema>;

/**
 * 201 of POST /api/voice/session. `token` is what the web SDK takes as its key: a short-lived JWT
 * of public scope allowed to start this assistant only, from the site's origin (or, where the firm
 * chose the weaker fallback, its long-lived public key: docs/voice.md).
 */
export const voiceSessionSchema = z.object({ ok: z.literal(true), token: z.string(), assistantId: z.string(), session: z.string() });

export type VoiceSession = z.output<typeof voiceSessionSchema>;

export { SESSION_METADATA_KEY } from './voice-call';
