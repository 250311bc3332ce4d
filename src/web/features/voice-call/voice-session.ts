import { API_PATHS } from '../../../contracts/api';
import type { Locale } from '../../../contracts/locales';
import { postJson } from '../../lib/api';
import type { VoiceSession } from './voice-client';

/** Why the server gave no session, as far as the visitor needs to know: each has its own message. */
export type SessionRefusal =
  /** The firm has not set the demo up (503 not_configured). */
  | 'not-configured'
  /** The day's demo calls are spent (503 daily_budget_spent): the firm's phone instead. */
  | 'budget-spent'
  /** This visitor started too many calls lately (429). */
  | 'rate-limited'
  /** The network, the database, anything else: like a call that could not start. */
  | 'failed';

export type SessionAnswer = { ok: true; session: VoiceSession } | { ok: false; refusal: SessionRefusal };

export type SessionRequester = (locale: Locale) => Promise<SessionAnswer>;

/**
 * Asks the server for one call's key, in the page's language (POST /api/voice/session). Each
 * answer counts against the visitor's limit and the day's budget: asked on "Call Me" only, never
 * on hover.
 */
export const requestVoiceSession: SessionRequester = async (locale) => {
  const result = await postJson(API_PATHS.voiceSession, { locale });
  if (result.ok) {
    const { token, assistantId } = result.body;
    if (typeof token === 'string' && token && typeof assistantId === 'string' && assistantId) return { ok: true, session: { token, assistantId } };
    return { ok: false, refusal: 'failed' };
  }
  if (result.error === 'not_configured') return { ok: false, refusal: 'not-configured' };
  if (result.error === 'daily_budget_spent') return { ok: false, refusal: 'budget-spent' };
  if (result.error === 'rate_limited') return { ok: false, refusal: 'rate-limited' };
  return { ok: false, refusal: 'failed' };
};
