import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { NBSP, WAIT, notifiedApp } from '../../../test/notified-app';
import type { ReceivedEmail } from '../../../test/receivers';
import { injectWithProof } from '../../../test/proof';
import { ENGINES, storageQuery, storageRows } from '../../../test/storage';
import { COUNTER_KEYS, counterPattern } from '../store';

/**
 * Who waits for whom in the outbox. A visitor's confirmation e-mail has a lane of its own: it never
 * waits behind the firm's notifications, however many a flood left queued. One recipient domain
 * gets so many confirmation e-mails an hour, the rest wait (none dropped). A visitor's address the
 * relay refuses for good is not tried again: one attempt, one line in the log. And each channel is
 * worked on its own: a relay that hangs never delays a webhook, nor a slow webhook an e-mail.
 */

/** The text of an e-mail's CSV file, if it has one. */
const csvOf = (mail: ReceivedEmail) => {
  const file = mail.message.attachments.find((attachment) => attachment.mimeType === 'text/csv');
  return file ? (typeof file.content === 'string' ? file.content : new TextDecoder().decode(file.content)) : '';
};

/** How long after its 201 each lead arrived (undefined: not yet), from the arrival times `arrivedAt` finds. */
const delays = (answered: Map<string, number>, arrivedAt: (message: string) => number | undefined) =>
  [...answered].map(([message, at]) => {
    const arrived = arrivedAt(message);
    return arrived === undefined ? undefined : arrived - at;
  });

describe.each(ENGINES)('the outbox lanes on %s', (engine) => {
  const h = notifiedApp(engine);
  const contact = (i: number, remoteAddress: string) =>
    injectWithProof(h.app, {
      url: '/api/contact',
      remoteAddress,
      payload: { name: `Lead ${i}`, phone: '514 555 0100', email: `lead${i}@example.com`, message: `lane test ${i}` },
    });
  /**
   * Waits, if need be, for the start of a minute, so that what the test sends falls in one minute's
   * e-mails, none of them spent by a test before (the count is the database's, shared by the tests)
   * nor taken by what an earlier test left waiting.
   */
  async function earlyInMinute() {
    const second = (Date.now() % 60_000) / 1000;
    if (second > 30) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    await storageQuery(h.storage.env, 'delete from rate_counters where key like ?', [counterPattern('notify')]);
    await storageQuery(h.storage.env, "delete from delivery_jobs where status = 'pending'");
  }
  const signUp = (email: string, remoteAddress = '192.0.2.50') => injectWithProof(h.app, { url: '/api/newsletter', remoteAddress, payload: { email } });
  const jobs = () =>
    storageRows<{
      event_type: string;
      channel: string;
      status: string;
      attempts: number;
      next_attempt_at: string;
      payload: string | null;
      last_error: string | null;
    }>(h.storage.env, 'select event_type, channel, status, attempts, next_attempt_at, payload, last_error from delivery_jobs order by id');
  /** The refused test's own failed jobs. */
  const failed = async () => (await jobs()).filter((job) => job.status === 'failed' && /nobody@refused\.example|lane test 99/.test(job.payload ?? ''));
  const mailsTo = (address: string) => h.smtp.messages.filter((mail) => mail.envelope.to.includes(address));

  it("a visitor's confirmation goes out at once while the firm's notifications wait", async () => {
    await h.start();
    // The firm's e-mails cannot go (its address refused: a spent quota), so they wait, retried.
    h.smtp.refuse = (address) => address === 'leads@atelier.example';
    h.smtp.refusal = { code: 550, text: '5.4.5 Daily user sending quota exceeded' };
    const marker = `waiting firm ${randomUUID()}`;
    await leadsAnswered(marker, 8, 20);
    const firmWaiting = async () => (await jobs()).filter((job) => job.channel === 'email' && job.status === 'pending' && job.payload?.includes(marker));
    await expect.poll(async () => (await firmWaiting()).filter((job) => job.attempts > 0).length, WAIT).toBeGreaterThan(0);
    const signedUp = Date.now();
    expect((await signUp('reader@example.com')).statusCode).toBe(201);
    await expect.poll(() => mailsTo('reader@example.com').length, WAIT).toBe(1);
    const waited = Date.now() - signedUp;
    // The firm's queue was still there when the confirmation went: it did not wait behind it.
    expect(await firmWaiting()).toHaveLength(8);
    expect(waited).toBeLessThan(10_000);
  });

  it('past the minute’s e-mails, its last one carries every lead waiting (a CSV file past twenty), and the webhook gets each at once', async () => {
    await earlyInMinute();
    // The two e-mails held by the hanging relay must not time out while the leads are posted (on a
    // busy machine that takes seconds): a failed try would spend one of the minute's e-mails.
    await h.start({ NOTIFICATIONS_PER_MINUTE: '3', DELIVERY_POLL: '5s', DELIVERY_TIMEOUT: '60s', DELIVERY_LEASE: '120s' });
    const marker = `together ${randomUUID()}`;
    // Held back until all 30 are stored, so that they wait together, as under a flood.
    h.smtp.hang = true;
    const answered = await leadsAnswered(marker, 30, 180);
    h.smtp.hang = false;
    h.smtp.release();
    const ours = () => h.smtp.messages.filter((mail) => mail.message.text?.includes(marker));
    const carried = () =>
      [...answered.keys()].filter((message) => ours().some((mail) => mail.message.text?.includes(`${message}\n`) || csvOf(mail).includes(message)));
    await expect.poll(() => carried().length, WAIT).toBe(30);
    // Three e-mails in the minute, every lead in one of them: two alone, the last with the others and the file.
    expect(ours()).toHaveLength(3);
    const last = ours().find((mail) => /réunies dans un seul courriel/.test(mail.message.subject ?? ''))!;
    expect(last.message.subject).toBe(`28${NBSP}nouvelles demandes réunies dans un seul courriel`);
    expect(last.message.attachments.map((file) => [file.mimeType, /^demandes-[\d-]+\.csv$/.test(file.filename ?? '')])).toEqual([['text/csv', true]]);
    expect(parse(csvOf(last).replace(/^\uFEFF/, ''), { columns: true })).toHaveLength(28);
    // Each done (once the worker has recorded what the receivers acknowledged); nothing of ours waits.
    await expect.poll(async () => (await jobs()).filter((job) => job.status !== 'done' && job.payload?.includes(marker)).length, WAIT).toBe(0);
    // The webhook: each lead on its own, none held back by the e-mails' minute.
    const hooked = (message: string) => h.hook.receipts.find((receipt) => receipt.status === 204 && receipt.rawBody.includes(message))?.at;
    await expect.poll(() => delays(answered, hooked).every((delay) => delay !== undefined), WAIT).toBe(true);
  });

  it("nor while the firm's webhook hangs: the lanes are worked side by side", async () => {
    await h.start();
    h.hook.answer = () => 'hang';
    expect((await contact(50, '10.50.0.1')).statusCode).toBe(201);
    // (Webhooks an earlier test left waiting hang too.)
    await expect.poll(() => h.hook.receipts.some((receipt) => JSON.stringify(receipt.body).includes('lane test 50')), WAIT).toBe(true);
    const signedUp = Date.now();
    expect((await signUp('patient@example.com')).statusCode).toBe(201);
    await expect.poll(() => mailsTo('patient@example.com').length, WAIT).toBe(1);
    // Out before the held webhook's attempt could time out (DELIVERY_TIMEOUT 5 s), and while it is still held.
    expect(Date.now() - signedUp).toBeLessThan(4_000);
    expect(h.hook.held()).toBeGreaterThan(0);
    h.hook.release(204);
  });

  it('past CONFIRMATIONS_PER_DOMAIN_PER_HOUR, that domain’s confirmations wait for its next hour (none dropped); other domains go at once', async () => {
    await h.start({ CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '2' });
    for (const email of ['a@small.example', 'b@small.example', 'c@small.example', 'd@other.example']) expect((await signUp(email)).statusCode).toBe(201);
    await expect.poll(() => ['a@small.example', 'b@small.example', 'd@other.example'].map((address) => mailsTo(address).length), WAIT).toEqual([1, 1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo('c@small.example')).toEqual([]);
    const waiting = (await jobs()).filter((job) => job.status === 'pending' && job.payload?.includes('c@small.example'));
    expect(waiting).toHaveLength(1);
    // Waiting, uncounted, until the domain's hour ends.
    expect(waiting[0]!.attempts).toBe(0);
    const due = Date.parse(new Date(waiting[0]!.next_attempt_at).toISOString());
    expect(due).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    const warnings = h.logs.lines().filter((line) => String(line.msg).startsWith('limit reached: CONFIRMATIONS_PER_DOMAIN_PER_HOUR'));
    expect(warnings.map((line) => [line.level, line.count])).toEqual([[40, 1]]);

    // The hour over, it goes.
    const past = new Date(Date.now() - 1_000).toISOString();
    await storageQuery(h.storage.env, 'update rate_counters set expires_at = ? where key = ?', [past, COUNTER_KEYS.confirmDomain('small.example')]);
    await storageQuery(h.storage.env, "update delivery_jobs set next_attempt_at = ? where status = 'pending' and event_type = 'newsletter.confirmation'", [
      past,
    ]);
    await expect.poll(() => mailsTo('c@small.example').length, WAIT).toBe(1);
  });

  it("a visitor's address the relay refuses for good (5xx) ends its job at once: failed after one attempt, a warning", async () => {
    h.smtp.refuse = (address) => address === 'nobody@refused.example';
    // As Postfix answers: the address quoted.
    h.smtp.refusal = { code: 550, text: '5.1.1 <nobody@refused.example>: Recipient address rejected: User unknown' };
    await h.start();
    expect((await signUp('nobody@refused.example')).statusCode).toBe(201);
    await expect.poll(async () => (await failed()).map((job) => [job.event_type, job.attempts]), WAIT).toEqual([['newsletter.confirmation', 1]]);
    // Retries here come after 100-400 ms: none came.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(h.smtp.refused.filter((address) => address === 'nobody@refused.example')).toHaveLength(1);
    const ours = new Set((await failed()).map((job) => (JSON.parse(job.payload!) as { id: string }).id));
    const lines = h.logs.lines().filter((line) => /refused for good/.test(String(line.msg)) && ours.has(String(line.eventId)));
    // The visitor's typo is theirs: a warning. (The firm's own address refused is retried: email-failing.test.ts.)
    expect(lines.map((line) => [line.event, line.level])).toEqual([['newsletter.confirmation', 40]]);
    // What `npm run deliveries` shows of it: the relay's answer, the visitor's address masked.
    expect((await failed()).map((job) => job.last_error)).toEqual([expect.stringContaining('550 5.1.1 <n***@refused.example>: Recipient address rejected')]);
  });

  /** Leads from networks of their own, one after the other: when each was answered 201, by its message. */
  async function leadsAnswered(marker: string, count: number, firstNetwork: number): Promise<Map<string, number>> {
    const answered = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const message = `${marker} #${i}`;
      const response = await injectWithProof(h.app, {
        url: '/api/contact',
        remoteAddress: `10.${firstNetwork + i}.0.1`,
        payload: { name: `Lead ${i}`, phone: '514 555 0100', email: `lead${i}@example.com`, message },
      });
      expect(response.statusCode).toBe(201);
      answered.set(message, Date.now());
    }
    return answered;
  }

  it('a slow webhook never delays an e-mail: five leads are in the inbox within 2 s of their 201 while their webhooks take 10 s', async () => {
    await h.start({ DELIVERY_TIMEOUT: '30s', DELIVERY_LEASE: '60s' });
    h.hook.delayMs = 10_000;
    const marker = `slow webhook ${randomUUID()}`;
    const answered = await leadsAnswered(marker, 5, 120);
    const mailed = (message: string) => h.smtp.messages.find((mail) => mail.message.text?.includes(message))?.at;
    await expect.poll(() => delays(answered, mailed).every((delay) => delay !== undefined), WAIT).toBe(true);
    expect(delays(answered, mailed).filter((delay) => delay! > 2_000)).toEqual([]);
    // Their webhooks were under way meanwhile.
    expect(h.hook.receipts.filter((receipt) => receipt.rawBody.includes(marker)).length).toBeGreaterThan(0);
  });

  it('a hanging relay never delays a webhook: twenty leads reach the webhook within 2 s of their 201', async () => {
    h.smtp.hang = true;
    await h.start({ DELIVERY_TIMEOUT: '30s', DELIVERY_LEASE: '60s' });
    const marker = `hanging relay ${randomUUID()}`;
    const answered = await leadsAnswered(marker, 20, 140);
    const hooked = (message: string) => h.hook.receipts.find((receipt) => receipt.rawBody.includes(message))?.at;
    await expect.poll(() => delays(answered, hooked).every((delay) => delay !== undefined), WAIT).toBe(true);
    expect(delays(answered, hooked).filter((delay) => delay! > 2_000)).toEqual([]);
    await expect.poll(() => h.hook.receipts.filter((receipt) => receipt.rawBody.includes(marker) && receipt.status === 204).length, WAIT).toBe(20);
    // The relay held the e-mails all along: none arrived.
    expect(h.smtp.held()).toBeGreaterThan(0);
    expect(h.smtp.messages.filter((mail) => mail.message.text?.includes(marker))).toEqual([]);
  });
});
