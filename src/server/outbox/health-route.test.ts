import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VALID_CONTACT, useFormApp } from '../../../test/form-app';
import { ENGINES, TEST_WEBHOOK_SECRET, captureLogs, storageQuery, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type Channel, LEAD_DELIVERY_PROMISE_MS, type Store, createStore } from '../store';
import { EMAIL_FAILING_SETTING } from './email-state';

/**
 * GET /api/health for supervisors and scripts (the database answers; since when e-mail to the firm
 * is failing, if it is: ./email-failing.test.ts with a real relay; how long the oldest
 * lead the firm does not have yet has waited, 503 past the promise), and ?live for the proxy's
 * probe (this process answers, whatever the database says). Full disks: ../properties/full-disk.test.ts;
 * a site deleted under the server: ../site/static.test.ts.
 */
const PAST_PROMISE_MS = LEAD_DELIVERY_PROMISE_MS + 60_000;
/** Whole seconds since `ms` ago, give or take the test's own time. */
const waited = (ms: number) => expect.toSatisfy((seconds: number) => seconds >= ms / 1000 && seconds < ms / 1000 + 30);

describe.each(ENGINES)('GET /api/health on %s', (engine) => {
  const form = useFormApp(engine);
  /** The same database as a server notifying the firm by e-mail and webhook sees it: each lead queues a job per channel. */
  let notifying: Store;
  beforeAll(async () => {
    notifying = await createStore(
      testConfig({
        ...form.storage.env,
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL_TO: 'leads@atelier.example',
        MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
        WEBHOOK_URL: 'http://127.0.0.1:9/hook',
        WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        NOTIFY_NEWSLETTER: 'true',
      }),
    );
  });
  afterAll(() => notifying.close());
  beforeEach(async () => {
    await storageQuery(form.storage.env, 'delete from delivery_jobs');
    await storageQuery(form.storage.env, 'delete from settings where name = ?', [EMAIL_FAILING_SETTING]);
  });

  /** Every job queued so far, as if stored `ms` ago (the server answered 201 then). */
  const queuedAgo = (ms: number) =>
    storageQuery(form.storage.env, 'update delivery_jobs set created_at = ?, queued_at = ?', Array(2).fill(new Date(Date.now() - ms).toISOString()));
  /** What the delivery worker does with every waiting job of a channel: the channel took it, or gave up for good. */
  const settle = async (channel: Channel, outcome: 'done' | 'failed') => {
    for (const job of await form.store.deliveries.claim({ channels: [channel], limit: 100, leaseMs: 60_000 })) {
      await (outcome === 'done' ? form.store.deliveries.complete(job) : form.store.deliveries.fail(job, 'HTTP 503 Service Unavailable'));
    }
  };
  const health = async () => {
    const answer = await form.app.inject({ url: '/api/health' });
    return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() };
  };

  it('fails with leads_waiting and the age once a lead has waited past the promise on both channels, and is ok once its webhook delivered it', async () => {
    const app = await form.start();
    await notifying.insertContact({ ...VALID_CONTACT, message: `waiting ${randomUUID()}` });
    await queuedAgo(PAST_PROMISE_MS);

    expect(await health()).toEqual({ status: 503, body: { ok: false, error: 'leads_waiting', oldestUndeliveredLeadSeconds: waited(PAST_PROMISE_MS) } });
    // The proxy's probe does not look: the page and its forms stay up (new leads are still stored).
    expect((await app.inject({ url: '/api/health?live' })).statusCode).toBe(200);

    // Its webhook took it: the firm has the lead, whatever its e-mail still waits for.
    await settle('webhook', 'done');
    expect(await health()).toEqual({ status: 200, body: { ok: true } });
  });

  it('says how long fresh leads have waited, still ok; the outbox’s other words never count', async () => {
    await form.start();
    await notifying.insertNewsletter({ email: `reader-${randomUUID()}@example.com`, locale: 'fr', page: '/fr/' });
    await queuedAgo(90_000);
    // A summary due at the end of its hour, the weekly digest: not leads.
    for (const type of ['leads.summary', 'stats.digest']) {
      await storageQuery(
        form.storage.env,
        "insert into delivery_jobs (event_id, event_type, channel, payload, status, queued_at, next_attempt_at, created_at) values (?, ?, 'email', '{}', 'pending', ?, ?, ?)",
        [randomUUID(), type, ...Array(3).fill(new Date(Date.now() - 2 * PAST_PROMISE_MS).toISOString())],
      );
    }
    await notifying.insertContact({ ...VALID_CONTACT, message: `fresh ${randomUUID()}` });

    expect(await health()).toEqual({ status: 200, body: { ok: true, oldestUndeliveredLeadSeconds: waited(90_000) } });
  });

  it('counts a lead whose every job failed as undelivered, with since when e-mail is failing', async () => {
    await form.start();
    await notifying.insertContact({ ...VALID_CONTACT, message: `given up ${randomUUID()}` });
    await queuedAgo(PAST_PROMISE_MS);
    await settle('email', 'failed');
    await settle('webhook', 'failed');
    const { since } = await form.store.deliveries.emailFailed({ reason: '550 5.4.5 Daily user sending quota exceeded', webhook: false });

    expect(await health()).toEqual({
      status: 503,
      body: { ok: false, error: 'leads_waiting', oldestUndeliveredLeadSeconds: waited(PAST_PROMISE_MS), emailFailingSince: since },
    });
    // Queued again, it is still as old as the firm's wait for it.
    await form.store.deliveries.requeue('all-failed');
    expect((await health()).body).toMatchObject({ error: 'leads_waiting', oldestUndeliveredLeadSeconds: waited(PAST_PROMISE_MS) });
  });

  it('says since when e-mail to the firm is failing, and nothing more, still 200 (its status is the database’s)', async () => {
    const app = await form.start();
    const reason = "EENVELOPE Can't send mail - all recipients were rejected: 550 5.4.5 Daily user sending quota exceeded";
    const { since } = await form.store.deliveries.emailFailed({ reason, webhook: false });
    const failing = await app.inject({ url: '/api/health' });
    expect({ status: failing.statusCode, body: failing.json() }).toEqual({ status: 200, body: { ok: true, emailFailingSince: since } });
    await form.store.deliveries.emailDelivered();
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
  });

  it('is ok while the database answers, 503 unavailable once it does not, while ?live stays ok', async () => {
    const app = await form.start();
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/api/health?live' })).json()).toEqual({ ok: true });

    await form.store.close();
    const down = await app.inject({ url: '/api/health' });
    expect({ status: down.statusCode, body: down.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
    const live = await app.inject({ url: '/api/health?live' });
    expect({ status: live.statusCode, body: live.json() }).toEqual({ status: 200, body: { ok: true } });
  });
});

describe('GET /api/health without storage', () => {
  it('answers 503 not_configured, and ?live ok: the page is still served', async () => {
    // A path "inside" a regular file can never be created, even by root.
    const app = await buildApp({ config: testConfig({ SQLITE_PATH: '/etc/hostname/leads.sqlite' }), logger: captureLogs().logger });
    try {
      const health = await app.inject({ url: '/api/health' });
      expect({ status: health.statusCode, body: health.json() }).toEqual({ status: 503, body: { ok: false, error: 'not_configured' } });
      expect((await app.inject({ url: '/api/health?live' })).json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });
});
