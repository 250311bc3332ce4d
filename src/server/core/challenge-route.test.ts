import { describe, expect, it } from 'vitest';
import { CHALLENGE_PATH, PROOF_ALGORITHM } from '../../contracts/proof-of-work';
import { solve } from '../../../test/proof';
import { useFormApp, VALID_CONTACT } from '../../../test/form-app';
import { ENGINES } from '../../../test/storage';
import { PROOF_COST, PROOF_LIFETIME_MS } from './proof-of-work';
import { CHALLENGES_PER_NETWORK_FACTOR } from './challenge-route';

/** GET /api/challenge: what a form solves before it posts, or word that no proof is needed. */
describe.each(ENGINES)('GET /api/challenge on %s', (engine) => {
  const form = useFormApp(engine);

  it('gives a new signed challenge each time, never cached, good for one post within its lifetime', async () => {
    const app = await form.start();
    const first = await app.inject({ url: CHALLENGE_PATH });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = first.json();
    expect(challenge).toEqual({
      parameters: expect.objectContaining({ algorithm: PROOF_ALGORITHM, cost: PROOF_COST, keySignature: expect.stringMatching(/^[0-9a-f]{64}$/) }),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const lifetime = challenge.parameters.expiresAt * 1000 - Date.now();
    expect(lifetime).toBeGreaterThan(PROOF_LIFETIME_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(PROOF_LIFETIME_MS);
    expect((await app.inject({ url: CHALLENGE_PATH })).json().signature).not.toBe(challenge.signature);

    // Solved as the page solves it, it carries one post, and only one.
    const altcha = await solve(challenge);
    const post = () => app.inject({ method: 'POST', url: '/api/contact', payload: { ...VALID_CONTACT, altcha } });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).json()).toEqual({ ok: false, error: 'invalid_proof', proof: 'used' });
  });

  it('with PROOF_OF_WORK=off, answers that no proof is needed, and posts go without one', async () => {
    const app = await form.start({ PROOF_OF_WORK: 'off' });
    const response = await app.inject({ url: CHALLENGE_PATH });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: { required: false } });
    expect((await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'sans-preuve@example.com' } })).statusCode).toBe(201);
  });

  it('limits each client address (RATE_LIMIT_CHALLENGE), with Retry-After', async () => {
    const app = await form.start({ RATE_LIMIT_CHALLENGE: '2/600' });
    const ask = (remoteAddress: string) => app.inject({ url: CHALLENGE_PATH, remoteAddress });
    expect((await ask('203.0.113.5')).statusCode).toBe(200);
    expect((await ask('203.0.113.5')).statusCode).toBe(200);
    const limited = await ask('203.0.113.5');
    expect({ status: limited.statusCode, body: limited.json(), retryAfter: limited.headers['retry-after'] }).toEqual({
      status: 429,
      body: { ok: false, error: 'rate_limited', retryAfter: 600 },
      retryAfter: '600',
    });
    expect((await ask('198.51.100.7')).statusCode).toBe(200);
  });

  it("limits each network (an IPv6 /48, an IPv4 /24) to ten clients' worth of challenges, and other networks still get theirs", async () => {
    const app = await form.start({ RATE_LIMIT_CHALLENGE: '2/600' });
    const ask = (remoteAddress: string) => app.inject({ url: CHALLENGE_PATH, remoteAddress });
    // One challenge each from 30 /64s of one /48: ten clients' worth (2 × 10) are answered.
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await ask(`2001:db8:9:${i.toString(16)}::1`)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2 * CHALLENGES_PER_NETWORK_FACTOR);
    const refused = await ask('2001:db8:9:ff::1');
    expect(refused.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    // Another /48, and an IPv4 address, are not affected.
    expect((await ask('2001:db8:a:1::1')).statusCode).toBe(200);
    expect((await ask('203.0.113.9')).statusCode).toBe(200);
  });
});
