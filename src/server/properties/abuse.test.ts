import { randomUUID } from 'node:crypto';
import { type Challenge, createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { proofFrom, solve } from '../../../test/proof';
import { ENGINES, type EngineName, TEST_WEBHOOK_SECRET, captureLogs, freshStorage, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type WebhookReceiver, startWebhookReceiver } from '../../../test/receivers';
import { PROOF_COST } from '../proof-of-work';
import { type Store, createStore } from '../store';
import { PROOF_ALGORITHM } from '../../contracts/proof-of-work';

/**
 * Issue 27, as an attacker would try it: posts without a proof, with a wrong, expired or replayed
 * one, from many addresses; a sustained flood of valid posts, each address within its limits. The
 * firm's real visitor gets through every time, and what a flood can cost the firm is bounded by
 * caps on storage and notifications, never by refusing valid posts.
 */

const contact = (i: number | string) => ({ name: `Visitor ${i}`, phone: '514 555 0100', email: `v${i}@example.com`, message: `Hello ${i}` });

type Instance = { app: FastifyInstance; store: Store; logs: ReturnType<typeof captureLogs> };
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup().catch(() => undefined);
});

/** `count` servers on one fresh database (a load balancer's view), each with its own connections. */
async function instances(engine: EngineName, env: Record<string, string>, count = 2): Promise<{ servers: Instance[]; env: Record<string, string> }> {
  const storage = await freshStorage(engine);
  cleanups.push(() => storage.dispose());
  const all = { ...storage.env, ...env };
  const servers: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const config = testConfig(all);
    const logs = captureLogs();
    // The store logs through the app's logger, as the storage plugin sets it up.
    const store = await createStore(config, logs.logger);
    const app = await buildApp({ config, store, logger: logs.logger });
    cleanups.push(
      () => store.close(),
      () => app.close(),
    );
    servers.push({ app, store, logs });
  }
  return { servers, env: all };
}

const post = (app: FastifyInstance, payload: Record<string, unknown>, remoteAddress = '198.51.100.1', url = '/api/contact') =>
  app.inject({ method: 'POST', url, payload, remoteAddress });
const stored = async (store: Store) => (await store.listContacts()).length + (await store.listNewsletter()).length;

describe.each(ENGINES)('proof of work on %s', (engine) => {
  it('refuses a missing, wrong, expired or replayed proof (also on a second instance) with 400, stores nothing, counts nothing; a valid one gets 201', async () => {
    // A storage ceiling of one: had any refused post counted, the valid one would get 503.
    const { servers } = await instances(engine, { SUBMISSIONS_PER_DAY: '1' });
    const [one, two] = servers as [Instance, Instance];
    const refused = async (app: FastifyInstance, altcha: string | undefined, problem: string) => {
      const answer = await post(app, { ...contact(problem), altcha });
      expect({ problem, status: answer.statusCode, body: answer.json() }).toEqual({
        problem,
        status: 400,
        body: { ok: false, error: 'invalid_proof', proof: problem },
      });
    };

    await refused(one.app, undefined, 'missing');
    await refused(one.app, 'bm90IGEgcHJvb2Y=', 'invalid');
    // A real challenge of this server, with a solution that is not its own.
    const genuine = JSON.parse(Buffer.from(await proofFrom(one.app), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const wrong = { ...genuine, solution: { ...genuine.solution, derivedKey: genuine.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) } };
    await refused(one.app, Buffer.from(JSON.stringify(wrong)).toString('base64'), 'invalid');
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
    await refused(one.app, await solve(old), 'expired');
    // A valid proof, used once: 201; again here, and on the other instance: refused.
    const proof = await proofFrom(two.app);
    expect((await post(one.app, { ...contact('real'), altcha: proof })).statusCode).toBe(201);
    await refused(one.app, proof, 'used');
    await refused(two.app, proof, 'used');

    expect(await stored(one.store)).toBe(1);
    // Only the valid post counted toward the ceiling of one: the next valid post finds it reached.
    const next = await post(two.app, { ...contact('next'), altcha: await proofFrom(two.app) });
    expect(next.statusCode).toBe(503);
    expect(await stored(one.store)).toBe(1);
  });

  it('a flood of 300 posts without proofs from 300 addresses, then a real visitor with a proof: 201', async () => {
    const { servers } = await instances(engine, { RATE_LIMIT_CONTACT: '5/600', RATE_LIMIT_NEWSLETTER: '10/600', SUBMISSIONS_PER_DAY: '5000' });
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

  it('the storage ceiling (SUBMISSIONS_PER_DAY) answers 503 with Retry-After, logs one warning named as such, and still serves the page', async () => {
    const { servers } = await instances(engine, { SUBMISSIONS_PER_DAY: '3' });
    const answers = [];
    for (let i = 0; i < 8; i++) {
      const { app } = servers[i % 2]!;
      answers.push(await post(app, { ...contact(i), altcha: await proofFrom(app) }, `203.0.113.${i + 1}`));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 503, 503, 503, 503, 503]);
    for (const refused of answers.slice(3)) {
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({ ok: false, error: 'unavailable', retryAfter });
    }
    expect(await stored(servers[0]!.store)).toBe(3);
    for (const { app, logs } of servers) {
      const warnings = logs.lines().filter((line) => String(line.msg).startsWith('cap reached: storage ceiling'));
      expect(warnings.map((line) => line.level)).toEqual([40]);
      // Refusals at the ceiling are not errors: the firm can tell them from an outage.
      expect(logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    }
  });
});

describe.each(ENGINES)('a sustained flood of valid posts on %s', (engine) => {
  let hook: WebhookReceiver | undefined;
  afterEach(async () => {
    await hook?.close();
  });

  it(
    'lets the visitor through every time; notifications past NOTIFICATIONS_PER_MINUTE wait for the next minute, none lost',
    async () => {
      hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
      // Three rounds of six addresses and a visitor: 21 leads, at most two minutes' worth of the cap.
      const cap = 12;
      const { servers } = await instances(engine, {
        RATE_LIMIT_CONTACT: '5/600',
        NOTIFICATIONS_PER_MINUTE: String(cap),
        WEBHOOK_URL: hook.url,
        WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        DELIVERY_POLL: '200ms',
      });
      const run = randomUUID();
      const firstMinute = Math.floor(Date.now() / 60_000);
      // Six addresses, each within its limit of 5, alternating between the instances, with valid
      // proofs; between their rounds, a real visitor sends the form.
      const visitorIds: number[] = [];
      for (let round = 0; round < 3; round++) {
        const bots = await Promise.all(
          Array.from({ length: 6 }, async (_, address) => {
            const { app } = servers[(round + address) % 2]!;
            const from = `203.0.113.${address + 1}`;
            return post(app, { ...contact(`${run}-bot-${address}`), altcha: await proofFrom(app, from) }, from);
          }),
        );
        expect(bots.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
        const { app, store } = servers[round % 2]!;
        const visitor = await post(app, { ...contact(`${run}-visitor-${round}`), altcha: await proofFrom(app, '192.0.2.7') }, '192.0.2.7');
        expect(visitor.statusCode).toBe(201);
        visitorIds.push((await store.listContacts()).at(-1)!.id);
      }
      const total = 3 * 7;
      const delivered = () =>
        new Set(
          hook!.receipts.filter((receipt) => receipt.status === 204).map((receipt) => (receipt.body as { data: { submissionId: number } }).data.submissionId),
        );
      // At most the cap went out in each minute so far, all instances together.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(delivered().size).toBeLessThanOrEqual(cap * (Math.floor(Date.now() / 60_000) - firstMinute + 1));
      const warnings = servers.flatMap(({ logs }) => logs.lines().filter((line) => String(line.msg).startsWith('cap reached: notifications per minute')));
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.every((line) => line.level === 40)).toBe(true);
      // The rest go out minute after minute: every lead, the visitor's included, none dropped.
      await expect.poll(() => delivered().size, { timeout: 2 * 60_000, interval: 500 }).toBe(total);
      for (const id of visitorIds) expect(delivered()).toContain(id);
      const jobs = await servers[0]!.store.deliveries.list(['pending', 'failed']);
      expect(jobs).toEqual([]);
    },
    3 * 60_000,
  );
});

describe('PROOF_OF_WORK=off (load tests, or a firm that filters spam in front of the server)', () => {
  it('takes posts without a proof, and has no challenge to give (404, which tells the page to send none)', async () => {
    const { servers } = await instances('sqlite', { PROOF_OF_WORK: 'off' }, 1);
    const { app, store } = servers[0]!;
    expect((await app.inject({ url: '/api/challenge' })).json()).toEqual({ ok: false, error: 'not_found' });
    expect((await post(app, contact('no-proof'))).statusCode).toBe(201);
    expect((await post(app, { email: 'no-proof@example.com' }, undefined, '/api/newsletter')).statusCode).toBe(201);
    expect(await stored(store)).toBe(2);
  });
});

describe('per-address limits with several instances on one PostgreSQL', () => {
  it('one address alternating between two instances stores no more than its limit', async () => {
    const { servers } = await instances('postgres', { RATE_LIMIT_CONTACT: '5/600' });
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const { app } = servers[i % 2]!;
      answers.push(await post(app, { ...contact(`alt-${i}`), altcha: await proofFrom(app, '203.0.113.77') }, '203.0.113.77'));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    for (const limited of answers.slice(5)) expect(Number(limited.headers['retry-after'])).toBeGreaterThan(590);
    expect(await stored(servers[0]!.store)).toBe(5);
  });
});
