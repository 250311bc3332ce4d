import { z } from 'zod/mini';

/**
 * The voice demo's session: the page asks for one when "Call Me" is pressed, in its language, and
 * gets what the voice SDK needs to start that language's assistant (docs/voice.md).
 */

/** The languages the demo's assistants speak: one assistant per language of the site. */
export const VOICE_LOCALES = ['fr', 'en'] as const;
export type VoiceLocale = (typeof VOICE_LOCALES)[number];

export const voiceSessionRequestSchema = z.strictObject({
  locale: z.enum(VOICE_LOCALES, 'invalid'),
});

export type VoiceSessionRequest = z.input<typeof voiceSessionRequestSchema>;

/**
 * 201 of POST /api/voice/session. `token` is what the web SDK takes as its key: a short-lived JWT
 * of public scope allowed to start this assistant only, from the site's origin (or, where the firm
 * chose the weaker fallback, its long-lived public key: docs/voice.md).
 */
export type VoiceSession = { ok: true; token: string; assistantId: string };
