import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, it, onTestFinished } from 'vitest';
import { type Instance, startInstances } from '../../../test/instances';
import { signedProof, solve } from '../../../test/proof';
import { type SmtpReceiver, type WebhookReceiver, startSmtpReceiver, startWebhookReceiver } from '../../../test/receivers';
import { ENGINES, TEST_WEBHOOK_SECRET, storageRows } from '../../../test/storage';
import type { Challenge } from 'altcha-lib';
import { CHALLENGE_PATH } from '../../contracts/proof-of-work';
import type { LeadEvent } from '../../contracts/lead-event';

/**
 * A flood meant to switch lead capture off for a day, tried as an attacker would: more
 * than 5,000 valid posts, each with a solved proof of work, from a few networks, every address
 * within its own per-client limit, on the shipped limits. Each network stores its day's share and
 * no more; its e-mails past the hour's few become one summary; and a visitor from another network
 * is stored and reaches the firm, by e-mail and webhook, within a minute (at the latest in the
 * first turns of the next minute, when this one's notifications are spent), however long the
 * flood's queue.
 *
 * The flood's proofs are made cheap by construction (test/proof.ts signedProof: signed with the
 * server's own secrets, one PBKDF2 iteration): the server checks each as any other, signature,
 * expiry and single use; nothing here depends on how much work one proof is, only on each post
 * carrying a valid one. The visitor gets its challenge from the route and solves it, as the page does.
 */

/** The shipped limits (src/server/core/config/env-schema.ts), which testConfig raises for other tests. */
const SHIPPED_LIMITS = {
  RATE_LIMIT_CONTACT: '5/600',
  RATE_LIMIT_CHALLENGE: '30/600',
  SUBMISSIONS_PER_NETWORK_PER_DAY: '100',
  NOTIFICATIONS_PER_MINUTE: '20',
  NOTIFICATIONS_PER_NETWORK_PER_HOUR: '5',
};
/** Five networks of 250 clients each, every client posting four times (its limit is five per ten minutes). */
const FLOOD_NETWORKS = [
  { name: '203.0.113.0/24', client: (i: number) => `203.0.113.${i + 1}` },
  { name: '198.51.100.0/24', client: (i: number) => `198.51.100.${i + 1}` },
  { name: '100.64.7.0/24', client: (i: number) => `100.64.7.${i + 1}` },
  { name: '2001:0db8:00aa:0000:0000:0000:0000:0000/48', client: (i: number) => `2001:db8:aa:${i.toString(16)}::1` },
  { name: '2001:0db8:00bb:0000:0000:0000:0000:0000/48', client: (i: number) => `2001:db8:bb:${i.toString(16)}::1` },
];
const CLIENTS_PER_NETWORK = 250;
const POSTS_PER_CLIENT = 4;
const PER_NETWORK = 100;
const VISITOR = '192.0.2.77';

const contact = (tag: string) => ({ name: `Flood ${tag}`, phone: '514 555 0100', email: `flood-${tag}@example.com`, message: `Hello ${tag}` });

/** One post as the page sends it: a challenge from the route, solved, then the form with its proof. */
async function postWithProof(app: FastifyInstance, from: string, payload: Record<string, unknown>) {
  const challenge = await app.inject({ method: 'GET', url: CHALLENGE_PATH, remoteAddress: from });
  if (challenge.statusCode !== 200) return challenge;
  const altcha = await solve(challenge.json<Challenge>());
  return app.inject({ method: 'POST', url: '/api/contact', payload: { ...payload, altcha }, remoteAddress: from });
}

/** One of the flood's posts: a valid proof, cheap by construction. */
async function floodPost(server: Instance, from: string, payload: Record<string, unknown>) {
  const altcha = await signedProof(server.store);
  return server.app.inject({ method: 'POST', url: '/api/contact', payload: { ...payload, altcha }, remoteAddress: from });
}

/** Runs `work` for each item, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = Array.from({ length: items.length });
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

// Both engines at once: most of each test is waiting for the next minute's turns, which overlap.
describe.concurrent.each(ENGINES)('a flood of valid posts from a few networks on %s', (engine) => {
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterEach(async () => {
    await close?.();
    await hook?.close();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it(
    `5,000 posts with proofs from ${FLOOD_NETWORKS.length} networks: each stores ${PER_NETWORK} a day; a visitor from another network is stored and notified within a minute`,
    // Concurrent tests take `expect` from their own context.
    async ({ expect }) => {
      hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
      const started = await startInstances(
        engine,
        {
          ...SHIPPED_LIMITS,
          SMTP_URL: smtp.url,
          NOTIFY_EMAIL_TO: 'leads@atelier.example',
          MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
          WEBHOOK_URL: hook.url,
          WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
          DELIVERY_POLL: '200ms',
        },
        // A load balancer in front of two instances on PostgreSQL; SQLite is one instance.
        engine === 'postgres' ? 2 : 1,
        // What is tested does not depend on the disk: SQLite's commits on a RAM disk keep the flood to seconds.
        { inMemoryDisk: true },
      );
      close = started.close;
      const { servers } = started;
      const run = randomUUID().slice(0, 8);

      const posts = FLOOD_NETWORKS.flatMap((network, n) =>
        Array.from({ length: CLIENTS_PER_NETWORK * POSTS_PER_CLIENT }, (_, i) => ({
          network: network.name,
          from: network.client(i % CLIENTS_PER_NETWORK),
          server: servers[i % servers.length]!,
          tag: `${run}-${n}-${i}`,
        })),
      );
      const floodStarted = Date.now();
      const answers = await inParallel(posts, 8, async ({ network, from, server, tag }) => ({
        network,
        answer: await floodPost(server, from, contact(tag)),
      }));
      const floodSeconds = (Date.now() - floodStarted) / 1000;

      // Each network: its day's share stored, the rest refused with when its window ends; never a 5xx.
      for (const network of FLOOD_NETWORKS) {
        const statuses = answers.filter((entry) => entry.network === network.name).map((entry) => entry.answer.statusCode);
        expect({
          network: network.name,
          created: statuses.filter((status) => status === 201).length,
          refused: statuses.filter((status) => status === 429).length,
        }).toEqual({
          network: network.name,
          created: PER_NETWORK,
          refused: CLIENTS_PER_NETWORK * POSTS_PER_CLIENT - PER_NETWORK,
        });
      }
      const stored = await servers[0]!.store.listContacts();
      expect(stored).toHaveLength(FLOOD_NETWORKS.length * PER_NETWORK);

      // The visitor, from a network of its own, right after.
      const posted = Date.now();
      const visitor = await postWithProof(servers[0]!.app, VISITOR, { ...contact(`${run}-visitor`), name: 'Visiteuse Réelle' });
      expect(visitor.statusCode).toBe(201);
      const visitorLead = (await servers[0]!.store.listContacts()).find((row) => row.name === 'Visiteuse Réelle')!;
      expect(visitorLead).toBeDefined();

      // Notified within a minute: by the first turns of the next minute at the latest.
      const deadline = (Math.floor(posted / 60_000) + 1) * 60_000 + 5_000;
      // Its e-mail answers to the visitor (the text shows the address inert).
      const emailed = () => smtp.messages.some((mail) => mail.message.replyTo?.some((entry) => entry.address === `flood-${run}-visitor@example.com`));
      const hooked = () =>
        hook.receipts.some(
          (receipt) => receipt.status === 204 && (receipt.body as { data: { email?: string } }).data.email === `flood-${run}-visitor@example.com`,
        );
      await expect.poll(() => emailed() && hooked(), { timeout: deadline - Date.now() + 10_000, interval: 100 }).toBe(true);
      const notifiedAfter = Date.now() - posted;
      expect(Date.now()).toBeLessThanOrEqual(deadline);

      // The flood's e-mails: a few per network, the rest counted into one summary each (due when
      // its hour ends); every lead stored, and every one of them on its way to the webhook.
      const pending = await storageRows<{ event_type: string; channel: string; source: string; payload: string }>(
        started.env,
        "select event_type, channel, source, payload from delivery_jobs where status = 'pending'",
      );
      for (const network of FLOOD_NETWORKS) {
        const summaries = pending.filter((job) => job.event_type === 'leads.summary' && job.source === network.name);
        expect(summaries.map((job) => (JSON.parse(job.payload) as Extract<LeadEvent, { type: 'leads.summary' }>).data)).toEqual([
          expect.objectContaining({ network: network.name, contactRequests: PER_NETWORK - 5, newsletterSignUps: 0, sentOneByOne: 5 }),
        ]);
      }
      // One by one: five per flooding network, and the visitor's.
      const emails = await storageRows(started.env, "select id from delivery_jobs where channel = 'email' and event_type = 'contact.created'");
      expect(emails).toHaveLength(FLOOD_NETWORKS.length * 5 + 1);
      const webhooks = await storageRows(started.env, "select id from delivery_jobs where channel = 'webhook' and event_type = 'contact.created'");
      expect(webhooks).toHaveLength(FLOOD_NETWORKS.length * PER_NETWORK + 1);
      for (const { logs } of servers as Instance[]) expect(logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
      console.info(
        `${engine}: ${posts.length} posts in ${floodSeconds.toFixed(1)} s on ${servers.length} instance(s); the visitor notified ${(notifiedAfter / 1000).toFixed(1)} s after its post`,
      );
    },
    6 * 60_000,
  );
});

/**
 * The flood that pushed a real lead back without bound: leads from more networks than the
 * minute's e-mails, each its network's first, so that fair turns cannot tell them from a visitor.
 * Past NOTIFICATIONS_PER_MINUTE, the minute's last e-mail carries every lead waiting (a CSV file
 * with them), and the webhook, which no cap holds, gets each at once: the visitor after them is in
 * the firm's hands on both within 5 minutes (here, within about one).
 */
describe.concurrent.each(ENGINES)('leads from a thousand networks on %s', (engine) => {
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it(
    '1,000 leads from 1,000 IPv6 /48s, then a visitor: the visitor in the firm’s e-mail and on its webhook within 5 minutes, every lead in an e-mail',
    async ({ expect }) => {
      const hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
      onTestFinished(() => hook.close());
      const started = await startInstances(
        engine,
        {
          ...SHIPPED_LIMITS,
          SMTP_URL: smtp.url,
          NOTIFY_EMAIL_TO: 'leads@atelier.example',
          MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
          WEBHOOK_URL: hook.url,
          WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
          DELIVERY_POLL: '1s',
        },
        engine === 'postgres' ? 2 : 1,
        { inMemoryDisk: true },
      );
      onTestFinished(started.close);
      const { servers } = started;
      const run = randomUUID().slice(0, 8);
      // Each from a /48 of its own: every one is its network's first lead, its e-mail its own.
      const flood = Array.from({ length: 1_000 }, (_, i) => ({
        from: `2001:db8:${(0x1000 + i).toString(16)}::1`,
        server: servers[i % servers.length]!,
        tag: `${run}-${i}`,
      }));
      const floodStarted = Date.now();
      const answers = await inParallel(flood, 8, ({ from, server, tag }) => floodPost(server, from, contact(tag)));
      expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.statusCode)).toEqual([]);
      const floodSeconds = (Date.now() - floodStarted) / 1000;

      const posted = Date.now();
      const name = `Visiteuse ${run}`;
      const visitor = await postWithProof(servers[0]!.app, VISITOR, { ...contact(`${run}-visitor`), name });
      expect(visitor.statusCode).toBe(201);
      const csvOf = (mail: (typeof smtp.messages)[number]) =>
        mail.message.attachments.map((file) => (typeof file.content === 'string' ? file.content : new TextDecoder().decode(file.content))).join('\n');
      const carries = (text: string) => smtp.messages.some((mail) => (mail.message.text ?? '').includes(text) || csvOf(mail).includes(text));
      const hooked = () => hook.receipts.some((receipt) => receipt.status === 204 && (receipt.body as { data: { name?: string } }).data.name === name);
      let emailedAfter: number | undefined;
      let hookedAfter: number | undefined;
      await expect
        .poll(
          () => {
            emailedAfter ??= carries(name) ? Date.now() - posted : undefined;
            hookedAfter ??= hooked() ? Date.now() - posted : undefined;
            return emailedAfter !== undefined && hookedAfter !== undefined;
          },
          { timeout: 5 * 60_000, interval: 250 },
        )
        .toBe(true);
      // Every lead of the flood is in an e-mail too (on its own, or with others), within those minutes.
      await expect
        .poll(
          () => {
            const all = smtp.messages.map((mail) => `${mail.message.text ?? ''}\n${csvOf(mail)}`).join('\n');
            return flood.filter(({ tag }) => !all.includes(`Hello ${tag}\n`) && !all.includes(`Hello ${tag}"`)).length;
          },
          {
            timeout: 5 * 60_000 - (Date.now() - posted),
            interval: 1_000,
          },
        )
        .toBe(0);
      const emails = smtp.messages.filter((mail) => (mail.message.text ?? '').includes(run) || csvOf(mail).includes(run));
      for (const { logs } of servers as Instance[]) expect(logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
      console.info(
        `${engine}: 1,000 leads from 1,000 /48s in ${floodSeconds.toFixed(1)} s on ${servers.length} instance(s); the visitor e-mailed ${(emailedAfter! / 1000).toFixed(1)} s and on the webhook ${(hookedAfter! / 1000).toFixed(1)} s after its post; ${emails.length} e-mails carried the 1,001 leads`,
      );
    },
    8 * 60_000,
  );
});
