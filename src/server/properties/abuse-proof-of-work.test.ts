import { type Challenge, createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { proofFrom, solve } from '../../../test/proof';
import { type Instance, instancesClosedAfterEach } from '../../../test/instances';
import { ENGINES, storageQuery } from '../../../test/storage';
import { PROOF_COST } from '../core/proof-of-work';
import { counterPattern } from '../store';
import { DAY_MS, SECOND_MS } from '../core/time';
import { PROOF_ALGORITHM } from '../../contracts/proof-of-work';
import { contact, post, stored } from '../../../test/abuse';

/** Posts without the work a proof costs, and what a valid proof buys: one lead, counted toward its network's day. */

const instances = instancesClosedAfterEach();

/** A contact request posted with `altcha` to `app`, which must refuse it with 400, naming `problem`. */
const checkRefused = async (app: FastifyInstance, altcha: string | undefined, problem: string) => {
  const answer = await post(app, { ...contact(problem), altcha });
  expect({ problem, status: answer.statusCode, body: answer.json() }).toEqual({
    problem,
    status: 400,
    body: { ok: false, error: 'invalid_proof', proof: problem },
  });
};

describe.each(ENGINES)('proof of work on %s', (engine) => {
  it('refuses a missing, wrong, expired or replayed proof (also on a second instance) with 400, stores nothing, counts nothing; a valid one gets 201', async () => {
    // Two leads a day for the network: had any refused post counted, the second valid one would get 429.
    const { servers } = await instances(engine, { SUBMISSIONS_PER_NETWORK_PER_DAY: '2' });
    const [one, two] = servers as [Instance, Instance];

    await checkRefused(one.app, undefined, 'missing');
    await checkRefused(one.app, 'bm90IGEgcHJvb2Y=', 'invalid');
    // A real challenge of this server, with a solution that is not its own.
    const genuine = JSON.parse(Buffer.from(await proofFrom(one.app), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const wrong = { ...genuine, solution: { ...genuine.solution, derivedKey: genuine.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) } };
    await checkRefused(one.app, Buffer.from(JSON.stringify(wrong)).toString('base64'), 'invalid');
    // A challenge this server issued and signed a while ago, solved, but past its expiry.
    const secrets = await one.store.proofSecrets();
    const old = await createChallenge({
      algorithm: PROOF_ALGORITHM,
      cost: PROOF_COST,
      counter: 1,
      deriveKey,
      expiresAt: new Date(Date.now() - 1_000),
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
    });
    await checkRefused(one.app, await solve(old), 'expired');
    // A valid proof, used once: 201; again here, and on the other instance: refused.
    const proof = await proofFrom(two.app);
    expect((await post(one.app, { ...contact('real'), altcha: proof })).statusCode).toBe(201);
    await checkRefused(one.app, proof, 'used');
    await checkRefused(two.app, proof, 'used');

    expect(await stored(one.store)).toBe(1);
    // Only the valid posts count toward their network's two: the second is taken, the third finds the day's share spent.
    expect((await post(two.app, { ...contact('second'), altcha: await proofFrom(two.app) })).statusCode).toBe(201);
    expect((await post(two.app, { ...contact('third'), altcha: await proofFrom(two.app) })).statusCode).toBe(429);
    expect(await stored(one.store)).toBe(2);
  });

  it('a flood of 300 posts without proofs from 300 addresses, then a real visitor with a proof: 201', async () => {
    const { servers } = await instances(engine, { RATE_LIMIT_CONTACT: '5/600', RATE_LIMIT_NEWSLETTER: '10/600', SUBMISSIONS_PER_NETWORK_PER_DAY: '100' });
    const [one, two] = servers as [Instance, Instance];
    const flood = await Promise.all(
      Array.from({ length: 300 }, (_, i) => post(servers[i % 2]!.app, contact(`bot${i}`), `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`)),
    );
    expect(new Set(flood.map((answer) => answer.statusCode))).toEqual(new Set([400]));
    expect(await stored(one.store)).toBe(0);
    const visitor = await post(two.app, { ...contact('visitor'), altcha: await proofFrom(two.app, '192.0.2.50') }, '192.0.2.50');
    expect(visitor.statusCode).toBe(201);
    expect(await stored(one.store)).toBe(1);
  });

  it('a network past SUBMISSIONS_PER_NETWORK_PER_DAY gets 429 until its window really ends, on every instance; other networks are untouched; one warning a minute', async () => {
    const { servers } = await instances(engine, { SUBMISSIONS_PER_NETWORK_PER_DAY: '3' });
    const first = Date.now();
    const answers = [];
    // Eight addresses of one /24, each within its own per-client limit, alternating between the instances.
    for (let i = 0; i < 8; i++) {
      const { app } = servers[i % 2]!;
      const from = `203.0.113.${i + 1}`;
      answers.push(await post(app, { ...contact(i), altcha: await proofFrom(app, from) }, from));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    for (const refused of answers.slice(3)) {
      // The network's window started with its first lead: it ends 24 hours after, not sooner.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(DAY_MS / SECOND_MS - Math.ceil((Date.now() - first) / 1000) - 2);
      expect(retryAfter).toBeLessThanOrEqual(DAY_MS / SECOND_MS);
      expect(refused.json()).toEqual({ ok: false, error: 'rate_limited', retryAfter });
    }
    expect(await stored(servers[0]!.store)).toBe(3);
    // Another network (an IPv6 /48 too), on either instance: as if nothing had happened.
    for (const [i, from] of ['198.51.100.9', '2001:db8:1:2::7', '203.0.114.1'].entries()) {
      const { app } = servers[i % 2]!;
      expect((await post(app, { ...contact(`other-${i}`), altcha: await proofFrom(app, from) }, from)).statusCode).toBe(201);
    }
    for (const { app, logs } of servers) {
      const warnings = logs.lines().filter((line) => String(line.msg).startsWith('limit reached: SUBMISSIONS_PER_NETWORK_PER_DAY'));
      expect(warnings.map((line) => [line.level, line.count, line.sources])).toEqual([[40, 1, 1]]);
      // Refusals at a limit are not errors: the firm can tell them from an outage.
      expect(logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    }
  });

  it('a refused post does not spend its proof: the same proof works once the network has room again', async () => {
    const { servers, env } = await instances(engine, { SUBMISSIONS_PER_NETWORK_PER_DAY: '1' });
    const { app } = servers[0]!;
    expect((await post(app, { ...contact('first'), altcha: await proofFrom(app) })).statusCode).toBe(201);
    const proof = await proofFrom(app);
    expect((await post(app, { ...contact('second'), altcha: proof })).statusCode).toBe(429);
    // The network's day is over (its window made to end now).
    await storageQuery(env, 'update rate_counters set expires_at = ? where key like ?', [new Date(Date.now() - 1_000).toISOString(), counterPattern('leads')]);
    expect((await post(app, { ...contact('second'), altcha: proof })).statusCode).toBe(201);
    // Spent now, wherever it comes from.
    expect((await post(app, { ...contact('third'), altcha: proof }, '192.0.2.200')).json()).toEqual({ ok: false, error: 'invalid_proof', proof: 'used' });
  });
});

describe('PROOF_OF_WORK=off (load tests, or a firm that filters spam in front of the server)', () => {
  it('takes posts without a proof, and its challenge route says none is needed (200, not an error the browser would log)', async () => {
    const { servers } = await instances('sqlite', { PROOF_OF_WORK: 'off' }, 1);
    const { app, store } = servers[0]!;
    const challenge = await app.inject({ url: '/api/challenge' });
    expect({ status: challenge.statusCode, body: challenge.json(), cache: challenge.headers['cache-control'] }).toEqual({
      status: 200,
      body: { required: false },
      cache: 'no-store',
    });
    expect((await post(app, contact('no-proof'))).statusCode).toBe(201);
    expect((await post(app, { email: 'no-proof@example.com' }, undefined, '/api/newsletter')).statusCode).toBe(201);
    expect(await stored(store)).toBe(2);
  });
});
