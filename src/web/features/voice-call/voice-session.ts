import { API_PATHS } from '../../../contracts/api';
import type { Locale } from '../../../contracts/locales';
import { postJson } from '../../lib/api';
import type { ProofOfWork } from '../../lib/proof-of-work';
import { sendWithProof } from '../../lib/proof-of-work/send';
import type { VoiceSession } from './voice-client';

/** Why the server gave no session, as far as the visitor needs to know: each has its own message. */
export type SessionRefusal =
  /** The firm has not set the demo up (503 not_configured). */
  | 'not-configured'
  /** The day's demo minutes are spent (503 daily_budget_spent): back tomorrow; the contact form instead. */
  | 'budget-spent'
  /** Every line is in use (503 lines_busy): try again in a minute. */
  | 'lines-busy'
  /** This visitor started too many calls lately (429): try again in a few minutes. */
  | 'rate-limited'
  /** The network, the database, anything else: like a call that could not start. */
  | 'failed';

export type SessionAnswer = { ok: true; session: VoiceSession } | { ok: false; refusal: SessionRefusal };

export type SessionRequester = (locale: Locale, proof: ProofOfWork) => Promise<SessionAnswer>;

const REFUSALS: Record<string, SessionRefusal> = {
  not_configured: 'not-configured',
  daily_budget_spent: 'budget-spent',
  lines_busy: 'lines-busy',
  rate_limited: 'rate-limited',
};

/**
 * Asks the server for one call's key (the session), in the page's language (POST /api/voice/session), with a
 * proof of work as the forms send one: the card starts solving it when the demo comes into view
 * or "Call Me" is hovered or focused, so that it is ready by the click.
 */
export const requestVoiceSession: SessionRequester = async (locale, proof) => {
  const result = await sendWithProof(proof, (altcha) => postJson(API_PATHS.voiceSession, { locale, ...(altcha ? { altcha } : {}) }));
  if (result.ok) {
    const { session } = result.body;
    return typeof session === 'string' && session ? { ok: true, session: { session } } : { ok: false, refusal: 'failed' };
  }
  return { ok: false, refusal: REFUSALS[result.error] ?? 'failed' };
};
