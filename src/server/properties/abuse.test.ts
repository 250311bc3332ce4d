import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Challenge, createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { proofFrom, solve } from '../../../test/proof';
import { type Instance, startInstances } from '../../../test/instances';
import { ENGINES, type EngineName, TEST_WEBHOOK_SECRET, captureLogs, storageQuery, storageRows, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type SmtpReceiver, type WebhookReceiver, startSmtpReceiver, startWebhookReceiver } from '../../../test/receivers';
import { PROOF_COST } from '../core/proof-of-work';
import { type Store, counterPattern, createStore, isCounterOf } from '../store';
import { DAY_MS, SECOND_MS } from '../core/time';
import { PROOF_ALGORITHM } from '../../contracts/proof-of-work';

/**
 * As an attacker would try it: posts without a proof, with a wrong, expired or replayed one, from
 * many addresses; a sustained flood of valid posts, each address within its limits; a network
 * that sends more than its share. The firm's real visitor gets through every time: what a flood
 * can cost the firm is bounded by limits shared out per network and by the disk's reserve, never
 * by one count that anyone could spend for everyone. (The long floods: lead-flood.test.ts.)
 */

const exec = promisify(execFile);
const contact = (i: number | string) => ({ name: `Visitor ${i}`, phone: '514 555 0100', email: `v${i}@example.com`, message: `Hello ${i}` });

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup().catch(() => undefined);
});

async function instances(engine: EngineName, env: Record<string, string>, count = 2, storageOptions: Parameters<typeof startInstances>[3] = {}) {
  const started = await startInstances(engine, env, count, storageOptions);
  cleanups.push(started.close);
  return started;
}

const post = (app: FastifyInstance, payload: Record<string, unknown>, remoteAddress = '198.51.100.1', url = '/api/contact') =>
  app.inject({ method: 'POST', url, payload, remoteAddress });
const stored = async (store: Store) => (await store.listContacts()).length + (await store.listNewsletter()).length;

describe.each(ENGINES)('proof of work on %s', (engine) => {
  it('refuses a missing, wrong, expired or replayed proof (also on a second instance) with 400, stores nothing, counts nothing; a valid one gets 201', async () => {
    // Two leads a day for the network: had any refused post counted, the second valid one would get 429.
    const { servers } = await instances(engine, { SUBMISSIONS_PER_NETWORK_PER_DAY: '2' });
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

describe('the storage reserve (STORAGE_RESERVE), on a real disk', () => {
  it("below it new leads get 503 and the page's phone, one warning a minute; space freed, they are taken again", async () => {
    // A 4 MB disk of its own (tmpfs: mounting needs root, as the whole suite has, scripts/test.sh).
    const dir = await mkdtemp(join(tmpdir(), 'reserve-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await exec('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir]).catch((error: Error) => {
      throw new Error(`this test mounts a 4 MB tmpfs and needs root (as scripts/test.sh runs): ${error.message}`);
    });
    cleanups.push(() => exec('umount', ['-l', dir]));
    const sqlitePath = join(dir, 'leads.sqlite');
    const config = testConfig({ SQLITE_PATH: sqlitePath, STORAGE_RESERVE: '2MB' });
    const logs = captureLogs();
    const store = await createStore(config, logs.logger);
    const app = await buildApp({ config, store, logger: logs.logger });
    cleanups.push(
      () => store.close(),
      () => app.close(),
    );
    expect((await post(app, { ...contact('room'), altcha: await proofFrom(app) })).statusCode).toBe(201);

    // Fill the disk until less than the reserve is left (the database itself still has room).
    const free = async () => {
      const stats = await statfs(dir);
      return stats.bavail * stats.bsize;
    };
    const filler = join(dir, 'filler');
    await writeFile(filler, Buffer.alloc((await free()) - 1024 * 1024, 1));
    expect(await free()).toBeLessThan(2 * 1024 * 1024);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await post(app, { ...contact(`full-${i}`), altcha: await proofFrom(app, `198.51.100.${i + 10}`) }, `198.51.100.${i + 10}`));
    for (const answer of answers)
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
    expect(await stored(store)).toBe(1);
    const warnings = logs.lines().filter((line) => String(line.msg).startsWith('limit reached: STORAGE_RESERVE'));
    expect(warnings.map((line) => [line.level, line.count, line.reserveBytes])).toEqual([[40, 1, 2 * 1024 * 1024]]);
    expect(logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);

    await rm(filler);
    expect((await post(app, { ...contact('freed'), altcha: await proofFrom(app) })).statusCode).toBe(201);
    expect(await stored(store)).toBe(2);
  });
});

describe.each(ENGINES)('a sustained flood of valid posts on %s', (engine) => {
  let hook: WebhookReceiver | undefined;
  let smtp: SmtpReceiver | undefined;
  afterEach(async () => {
    await hook?.close();
    await smtp?.close();
  });

  it(
    'lets the visitor through every time; past NOTIFICATIONS_PER_MINUTE the minute’s last e-mail carries the waiting leads, and the webhook gets each',
    async () => {
      hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
      smtp = await startSmtpReceiver();
      // Three rounds of six addresses and a visitor: 21 leads, more than the minute's e-mails.
      const cap = 5;
      // What a test sends then falls in one minute (or two, on a slow machine).
      const second = (Date.now() % 60_000) / 1000;
      if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      const { servers } = await instances(engine, {
        RATE_LIMIT_CONTACT: '5/600',
        NOTIFICATIONS_PER_MINUTE: String(cap),
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL_TO: 'leads@atelier.example',
        MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
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
      const hooked = () =>
        new Set(
          hook!.receipts.filter((receipt) => receipt.status === 204).map((receipt) => (receipt.body as { data: { submissionId: number } }).data.submissionId),
        );
      /** The events (leads) the e-mails carry, by the reference each shows (its event id, the webhook's too). */
      const mailed = () =>
        new Set(smtp!.messages.flatMap((mail) => [...(mail.message.text ?? '').matchAll(/^(?:Référence|Reference)\s?: (\S+)$/gm)].map((match) => match[1])));
      const events = () => new Set(hook!.receipts.filter((receipt) => receipt.status === 204).map((receipt) => (receipt.body as { id: string }).id));
      // The webhook: each lead on its own, at once (no cap holds it).
      await expect.poll(() => hooked().size, { timeout: 20_000, interval: 200 }).toBe(total);
      for (const id of visitorIds) expect(hooked()).toContain(id);
      // E-mail: every lead, in at most `cap` e-mails a minute, all instances together.
      await expect.poll(() => [...events()].filter((id) => !mailed().has(id)), { timeout: 2 * 60_000, interval: 500 }).toEqual([]);
      const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1;
      expect(smtp.messages.length).toBeLessThanOrEqual(cap * minutes);
      expect(smtp.messages.some((mail) => /new requests in one e-mail|nouvelles demandes réunies/.test(mail.message.subject ?? ''))).toBe(true);
      const warnings = servers.flatMap(({ logs }) => logs.lines().filter((line) => String(line.msg).startsWith('limit reached: NOTIFICATIONS_PER_MINUTE')));
      expect(warnings.every((line) => line.level === 40)).toBe(true);
      const jobs = await servers[0]!.store.deliveries.list(['pending', 'failed']);
      expect(jobs).toEqual([]);
    },
    3 * 60_000,
  );
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

describe.each(ENGINES)('per-client limits on %s', (engine) => {
  it('count an IPv6 /64 as one client: another address of the same /64 is limited with it, the next /64 is not; no address is kept', async () => {
    const { servers, env } = await instances(engine, { RATE_LIMIT_CONTACT: '5/600' }, 1);
    const { app } = servers[0]!;
    const send = async (from: string, i: number) => (await post(app, { ...contact(`v6-${i}`), altcha: await proofFrom(app, from) }, from)).statusCode;
    for (let i = 1; i <= 5; i++) expect(await send(`2001:db8:1:2::${i}`, i)).toBe(201);
    expect(await send('2001:db8:1:2:ffff:ffff:ffff:ffff', 6)).toBe(429);
    expect(await send('2001:db8:1:3::1', 7)).toBe(201);
    // The counts are kept under a keyed hash of the client, not its address.
    const keys = (await storageRows<{ key: string }>(env, 'select key from rate_counters')).map((row) => row.key);
    // Two clients' challenges and posts, and their network's challenges (one /48).
    expect(keys.filter((key) => isCounterOf('client', key))).toHaveLength(5);
    expect(keys.filter((key) => /2001:0?db8|::/.test(key) && isCounterOf('client', key))).toEqual([]);
  });
});

describe('per-client limits on SQLite, where they were counted in memory', () => {
  it("cannot be reset by spraying: 5,100 requests from other /64s leave a client's count as it was", async () => {
    // The counters are the database's now: commits on a RAM disk keep 5,100 requests to seconds.
    const { servers } = await instances('sqlite', { RATE_LIMIT_CONTACT: '5/600' }, 1, { inMemoryDisk: true });
    const { app } = servers[0]!;
    // Posts without a proof are cheap to send, and each counts toward its client's limit.
    const bare = (from: string) => post(app, contact('spray'), from);
    for (let i = 0; i < 5; i++) expect((await bare('2001:db8:5:1::1')).statusCode).toBe(400);
    // One request each from 5,100 other clients: more than the in-memory store kept (5,000), which
    // forgot the least recent to make room and so gave this client a fresh window.
    for (let i = 0; i < 5_100; i++) await bare(`2001:db8:6:${i.toString(16)}::1`);
    const after = await bare('2001:db8:5:1::1');
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(500);
  });
});
