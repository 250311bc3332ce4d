/**
 * "Call Me"'s request for a session, against the server's answers as the route gives them
 * (src/server/voice/session-route.ts; the contract: src/contracts/voice.ts). Only fetch is stubbed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../../contracts/api';
import type { ProofOfWork } from '../../lib/proof-of-work';
import { requestVoiceSession } from './voice-session';

const proof: ProofOfWork = { start() {}, take: async () => ({ ok: true, altcha: 'solved-proof' }) };

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(body, { status, headers }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('requestVoiceSession', () => {
  it("posts the page's language with the proof, and hands the session of a 201 to the call", async () => {
    const fetch = answer(201, { ok: true, session: 'session-of-one-call' });
    await expect(requestVoiceSession('fr', proof)).resolves.toEqual({ ok: true, session: { session: 'session-of-one-call' } });
    expect(fetch).toHaveBeenCalledOnce();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe(API_PATHS.voiceSession);
    expect(JSON.parse(String(init?.body))).toEqual({ locale: 'fr', altcha: 'solved-proof' });
  });

  it('takes a 201 without a session (a server of the old contract, a proxy) as a call that could not start', async () => {
    answer(201, { ok: true, token: 'a-vapi-jwt', assistantId: 'asst' });
    await expect(requestVoiceSession('en', proof)).resolves.toEqual({ ok: false, refusal: 'failed' });
    answer(201, { ok: true, session: '' });
    await expect(requestVoiceSession('en', proof)).resolves.toEqual({ ok: false, refusal: 'failed' });
  });

  it.each([
    [503, 'not_configured', 'not-configured'],
    [503, 'daily_budget_spent', 'budget-spent'],
    [503, 'lines_busy', 'lines-busy'],
    [429, 'rate_limited', 'rate-limited'],
    [503, 'unavailable', 'failed'],
    [500, 'internal', 'failed'],
  ] as const)('turns a %i %s into what the card says (%s)', async (status, error, refusal) => {
    answer(status, { ok: false, error, retryAfter: 60 }, { 'retry-after': '60' });
    await expect(requestVoiceSession('en', proof)).resolves.toEqual({ ok: false, refusal });
  });
});
