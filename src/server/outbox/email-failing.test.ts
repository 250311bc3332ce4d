import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runDeliveries } from '../../../scripts/deliveries';
import { WAIT, notifiedApp } from '../../../test/notified-app';
import { injectWithProof } from '../../../test/proof';
import { ENGINES, storageQuery, storageRows } from '../../../test/storage';
import { EMAIL_FAILING_SETTING } from './email-state';

/**
 * The relay refuses the firm's own address ("550 5.4.5 Daily user sending quota exceeded", a relay
 * that denies access): its e-mails are kept and retried, not given up at the first 5xx, so they all
 * arrive once the relay accepts again; meanwhile the firm hears of it on its webhook, once an hour
 * whatever the number of refusals and instances, and the operator sees since when in /api/health
 * and `npm run deliveries`. Past DELIVERY_MAX_AGE an e-mail is given up, and that is said.
 */
/** A time as `npm run deliveries` writes it. */
const when = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')}Z`;

describe.each(ENGINES)("the firm's e-mail refused by its relay, on %s", (engine) => {
  const h = notifiedApp(engine);
  const FIRM = 'leads@atelier.example';

  const lead = (marker: string, i: number) =>
    injectWithProof(h.app, {
      url: '/api/contact',
      remoteAddress: `10.${i}.0.1`,
      payload: { name: `Lead ${i}`, phone: '514 555 0100', email: `lead${i}@example.com`, message: `${marker} #${i}` },
    });
  /** `npm run deliveries` with the server's storage settings. */
  const cli = async (args: string[] = []) => {
    let out = '';
    const code = await runDeliveries(args, { ...h.storage.env }, { write: (text: string) => (out += text) }, { write: () => {} });
    return { code, out };
  };
  const emailJobs = async (since = 0) =>
    (await h.inspect.deliveries.list(['pending', 'failed'])).filter((job) => job.channel === 'email' && Date.parse(job.createdAt) >= since);
  const toldFailing = () => h.hook.receipts.filter((receipt) => (receipt.body as { type?: string } | undefined)?.type === 'notifications.email_failing');

  it('keeps every e-mail while the relay refuses the firm (550), tells the firm once on its webhook and the operator, and e-mails each lead once it accepts', async () => {
    h.smtp.refuse = (address) => address === FIRM;
    h.smtp.refusal = { code: 550, text: `5.4.5 <${FIRM}>: Daily user sending quota exceeded` };
    await h.start();
    // Several instances on one PostgreSQL database say it once between them.
    if (engine === 'postgres') await h.startAnother();
    const marker = randomUUID();
    for (let i = 0; i < 3; i++) expect((await lead(marker, i)).statusCode).toBe(201);

    // Refused again and again (retries come 100-400 ms apart here), and still waiting: none given up.
    await expect
      .poll(async () => (await emailJobs()).map((job) => `${job.status}, tried ${job.attempts >= 3 ? '3+' : job.attempts}`), WAIT)
      .toEqual(['pending, tried 3+', 'pending, tried 3+', 'pending, tried 3+']);

    // The webhook has each lead, and one event saying e-mail is failing: signed, with the relay's
    // answer, the firm's address masked.
    await expect.poll(() => h.hook.receipts.filter((receipt) => receipt.rawBody.includes(marker)).length, WAIT).toBe(3);
    await expect.poll(() => toldFailing().length, WAIT).toBe(1);
    const [told] = toldFailing();
    expect(told).toMatchObject({
      verified: true,
      id: (told!.body as { id: string }).id,
      body: {
        type: 'notifications.email_failing',
        createdAt: expect.any(String),
        data: { since: expect.any(String), reason: expect.stringContaining('550 5.4.5 <l***@atelier.example>: Daily user sending quota exceeded') },
      },
    });
    expect(told!.rawBody).not.toContain(FIRM);
    const { since } = (told!.body as { data: { since: string } }).data;

    // The operator: /api/health (still 200: the webhook has every lead, once its deliveries are
    // recorded) and `deliveries` say since when.
    await expect
      .poll(async () => {
        const health = await h.app.inject({ url: '/api/health' });
        return { status: health.statusCode, body: health.json() };
      }, WAIT)
      .toEqual({ status: 200, body: { ok: true, emailFailingSince: since } });
    const listing = await cli();
    expect(listing.code).toBe(0);
    expect(listing.out).toContain(`E-mail to the firm has been failing since ${when(since)}`);
    expect(listing.out).toContain('Daily user sending quota exceeded');
    // Each job keeps the relay's answer with the address masked, as the log and the webhook have it.
    expect((await emailJobs()).map((job) => job.lastError)).toEqual(Array(3).fill(expect.stringContaining('550 5.4.5 <l***@atelier.example>: Daily user')));
    expect(listing.out).not.toContain(FIRM);

    // The relay accepts again: every lead is e-mailed, and e-mail is no longer said to fail.
    h.smtp.refuse = () => false;
    await expect.poll(() => h.smtp.messages.filter((mail) => mail.envelope.to.includes(FIRM) && mail.message.text?.includes(marker)).length, WAIT).toBe(3);
    await expect.poll(() => emailJobs(), WAIT).toEqual([]);
    await expect.poll(async () => (await h.app.inject({ url: '/api/health' })).json(), WAIT).toEqual({ ok: true });
    expect(await cli()).toEqual({ code: 0, out: 'No pending or failed deliveries.\n' });

    // Refused many times, said once: none more within the hour.
    expect(h.smtp.refused.length).toBeGreaterThanOrEqual(6);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(toldFailing()).toHaveLength(1);
  });

  it('tells the firm again an hour after it last did, while e-mail still fails, with the same first failure', async () => {
    h.smtp.refuse = (address) => address === FIRM;
    h.smtp.refusal = { code: 550, text: '5.4.5 Daily user sending quota exceeded' };
    await h.start();
    expect((await lead(randomUUID(), 5)).statusCode).toBe(201);
    await expect.poll(() => toldFailing().length, WAIT).toBe(1);
    const firstSince = (toldFailing()[0]!.body as { data: { since: string } }).data.since;

    // Still refused, a minute short of the hour: nothing more is said.
    const moveAnnouncement = async (minutesAgo: number) => {
      const [row] = await storageRows<{ value: string }>(h.storage.env, 'select value from settings where name = ?', [EMAIL_FAILING_SETTING]);
      const state = JSON.parse(row!.value) as { announcedAt: string };
      state.announcedAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      await storageQuery(h.storage.env, 'update settings set value = ? where name = ?', [JSON.stringify(state), EMAIL_FAILING_SETTING]);
    };
    await moveAnnouncement(59);
    const refusedBefore = h.smtp.refused.length;
    await expect.poll(() => h.smtp.refused.length, WAIT).toBeGreaterThan(refusedBefore + 1);
    expect(toldFailing()).toHaveLength(1);

    // The hour is over and the relay still refuses: told once more, failing since the same first failure.
    await moveAnnouncement(61);
    await expect.poll(() => toldFailing().length, WAIT).toBe(2);
    expect((toldFailing()[1]!.body as { data: { since: string } }).data.since).toBe(firstSince);
    const refusedThen = h.smtp.refused.length;
    await expect.poll(() => h.smtp.refused.length, WAIT).toBeGreaterThan(refusedThen + 1);
    expect(toldFailing()).toHaveLength(2);
  });

  it('gives a refused e-mail up after DELIVERY_MAX_AGE: an error in the log, and `deliveries` shows it failed with the relay’s answer', async () => {
    h.smtp.refuse = (address) => address === FIRM;
    h.smtp.refusal = { code: 550, text: '5.7.1 Relaying denied' };
    const started = Date.now();
    await h.start({ DELIVERY_MAX_AGE: '2s' });
    expect((await lead(randomUUID(), 9)).statusCode).toBe(201);

    await expect.poll(async () => (await emailJobs(started)).map((job) => job.status), WAIT).toEqual(['failed']);
    const [job] = await emailJobs(started);
    // Tried until its age ran out (every 100-400 ms here), not given up at the first 5xx.
    expect(job!.attempts).toBeGreaterThan(2);
    expect(job!.lastError).toContain('550 5.7.1 Relaying denied');
    expect(h.logs.lines().filter((line) => line.level === 50 && line.jobId === job!.id)).toEqual([
      expect.objectContaining({
        msg: expect.stringContaining('failed for good'),
        channel: 'email',
        reason: expect.stringContaining('550 5.7.1 Relaying denied'),
      }),
    ]);
    const listing = await cli();
    expect(listing.out).toMatch(
      new RegExp(`^${job!.id}\\s+failed\\s+email\\s+contact\\.created \\w{8}\\s+${job!.attempts}\\s+-\\s+.*550 5\\.7\\.1 Relaying denied$`, 'm'),
    );
    expect(listing.out).toContain('E-mail to the firm has been failing since');
  });
});
