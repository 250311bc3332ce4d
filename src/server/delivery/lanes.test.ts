import { describe, expect, it } from 'vitest';
import { WAIT, notifiedApp } from '../../../test/notified-app';
import { injectWithProof } from '../../../test/proof';
import { ENGINES, storageQuery, storageRows } from '../../../test/storage';

/**
 * Who waits for whom in the outbox. A visitor's confirmation e-mail has a lane of its own: it never
 * waits behind the firm's notifications, however many a flood left queued. One recipient domain
 * gets so many confirmation e-mails an hour, the rest wait (none dropped). And an address the relay
 * refuses for good is not tried again: one attempt, one line in the log.
 */
describe.each(ENGINES)('the outbox lanes on %s', (engine) => {
  const h = notifiedApp(engine);
  const contact = (i: number, remoteAddress: string) =>
    injectWithProof(h.app, {
      url: '/api/contact',
      remoteAddress,
      payload: { name: `Lead ${i}`, phone: '514 555 0100', email: `lead${i}@example.com`, message: `lane test ${i}` },
    });
  const signUp = (email: string, remoteAddress = '192.0.2.50') => injectWithProof(h.app, { url: '/api/newsletter', remoteAddress, payload: { email } });
  const jobs = () =>
    storageRows<{ event_type: string; status: string; attempts: number; next_attempt_at: string; payload: string | null }>(
      h.storage.env,
      'select event_type, status, attempts, next_attempt_at, payload from delivery_jobs order by id',
    );
  /** The refused test's own failed jobs. */
  const failed = async () => (await jobs()).filter((job) => job.status === 'failed' && /nobody@refused\.example|lane test 99/.test(job.payload ?? ''));
  const mailsTo = (address: string) => h.smtp.messages.filter((mail) => mail.envelope.to.includes(address));

  it("a visitor's confirmation goes out at once while the firm's notifications wait for their minute", async () => {
    await h.start({ NOTIFICATIONS_PER_MINUTE: '3' });
    // Eight leads from eight networks: three e-mails this minute, the others wait their turn.
    for (let i = 0; i < 8; i++) expect((await contact(i, `10.${i}.0.1`)).statusCode).toBe(201);
    await expect.poll(() => h.smtp.messages.filter((mail) => mail.message.text?.includes('lane test')).length, WAIT).toBeGreaterThanOrEqual(3);
    const signedUp = Date.now();
    expect((await signUp('reader@example.com')).statusCode).toBe(201);
    await expect.poll(() => mailsTo('reader@example.com').length, WAIT).toBe(1);
    const waited = Date.now() - signedUp;
    // The firm's queue was still there when the confirmation went: it did not wait behind it.
    const firmWaiting = (await jobs()).filter((job) => job.event_type === 'contact.created' && job.status === 'pending');
    expect(firmWaiting.length).toBeGreaterThan(0);
    expect(waited).toBeLessThan(10_000);
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
    await storageQuery(h.storage.env, "update rate_counters set expires_at = ? where key = 'confirm-domain:small.example'", [past]);
    await storageQuery(h.storage.env, "update delivery_jobs set next_attempt_at = ? where status = 'pending' and event_type = 'newsletter.confirmation'", [
      past,
    ]);
    await expect.poll(() => mailsTo('c@small.example').length, WAIT).toBe(1);
  });

  it('a permanent refusal by the relay (5xx) ends the job at once: failed after one attempt, logged once', async () => {
    h.smtp.refuse = (address) => address === 'nobody@refused.example' || address === 'leads@atelier.example';
    await h.start();
    expect((await signUp('nobody@refused.example')).statusCode).toBe(201);
    expect((await contact(99, '198.51.100.99')).statusCode).toBe(201);
    // (Notifications an earlier test left waiting are refused too: only this test's two are looked at.)
    await expect
      .poll(async () => (await failed()).map((job) => [job.event_type, job.attempts]), WAIT)
      .toEqual([
        ['newsletter.confirmation', 1],
        ['contact.created', 1],
      ]);
    // Retries here come after 100-400 ms: none came.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(h.smtp.refused.filter((address) => address === 'nobody@refused.example')).toHaveLength(1);
    const ours = new Set((await failed()).map((job) => (JSON.parse(job.payload!) as { id: string }).id));
    const lines = h.logs.lines().filter((line) => /refused for good/.test(String(line.msg)) && ours.has(String(line.eventId)));
    // The visitor's typo is theirs (a warning); the firm's own address refused is the firm's to fix (an error, with how to retry).
    expect(lines.map((line) => [line.event, line.level]).toSorted()).toEqual([
      ['contact.created', 50],
      ['newsletter.confirmation', 40],
    ]);
    // The webhook still gets this lead, once: the e-mail's refusal is the e-mail's alone. (An earlier
    // test's leads, waiting for their minute, may reach this test's receiver too: not counted.)
    expect(h.hook.receipts.filter((receipt) => receipt.status === 204 && receipt.rawBody.includes('lane test 99'))).toHaveLength(1);
  });
});
