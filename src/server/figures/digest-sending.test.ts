import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { DIGEST_WEEK_SETTING } from '../store';
import { captureLogs, testConfig } from '../../../test/storage';
import { FAST_DELIVERY, WAIT, notifiedApp } from '../../../test/notified-app';
import { startSmtpReceiver } from '../../../test/receivers';
import { DAY_MS } from '../core/time';
import { MONDAY_MORNING } from './digest-fixtures';

/** The digest on its way to the firm: through the outbox while the relay fails, once with two instances. */

describe('the weekly digest with the SMTP relay down, and with two instances', () => {
  const h = notifiedApp('postgres', { FIRM_LOCALE: 'en' });

  it('waits in the outbox while the relay is down and goes out once it is back', async () => {
    await h.inspect.saveSetting(DIGEST_WEEK_SETTING, '2026-11-09');
    // A relay that refuses every message (no such port).
    const down = await startSmtpReceiver();
    const url = down.url;
    await down.close();
    await h.start({ SMTP_URL: url }, { digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => MONDAY_MORNING } });
    await vi.waitFor(async () => {
      const [job] = (await h.inspect.deliveries.list(['pending'])).filter((record) => record.eventType === 'stats.digest');
      expect(job?.lastError).toBeTruthy();
    }, WAIT);
    await h.stop();
    await h.start({}, { digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => MONDAY_MORNING } });
    await vi.waitFor(() => expect(h.smtp.messages.filter((m) => m.message.subject?.includes('week of November 16, 2026'))).toHaveLength(1), WAIT);
    await vi.waitFor(
      async () => expect((await h.inspect.deliveries.list(['pending', 'failed'])).filter((record) => record.eventType === 'stats.digest')).toEqual([]),
      WAIT,
    );
  });

  it('the firm’s own address refused by the relay (550, a spent quota) is retried, and the digest arrives once the relay accepts', async () => {
    await h.inspect.saveSetting(DIGEST_WEEK_SETTING, '2026-11-09');
    h.smtp.messages.length = 0;
    h.smtp.refuse = (address) => address === 'leads@atelier.example';
    const all = async () => (await h.inspect.deliveries.list(['pending', 'failed', 'done'])).filter((record) => record.eventType === 'stats.digest');
    // This test's digest only: earlier tests' jobs share the database.
    const earlier = new Set((await all()).map((job) => job.id));
    const digestJobs = async () => (await all()).filter((job) => !earlier.has(job.id));
    await h.start({}, { digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => MONDAY_MORNING } });
    // Refused twice or more, and still pending: not given up.
    await vi.waitFor(() => expect(h.smtp.refused.length).toBeGreaterThanOrEqual(2), WAIT);
    expect((await digestJobs()).map((job) => job.status)).toEqual(['pending']);
    h.smtp.refuse = () => false;
    await vi.waitFor(() => expect(h.smtp.messages.filter((m) => m.message.subject?.includes('week of'))).toHaveLength(1), WAIT);
    await vi.waitFor(async () => expect((await digestJobs()).map((job) => job.status)).toEqual(['done']), WAIT);
  });

  it('two instances on one PostgreSQL database send one digest a week', async () => {
    await h.inspect.saveSetting(DIGEST_WEEK_SETTING, '2026-11-09');
    h.smtp.messages.length = 0;
    const second = captureLogs();
    const twoWeeksLater = new Date(MONDAY_MORNING.getTime() + 7 * DAY_MS);
    const schedule = { digest: { firstCheckMs: 0, checkEveryMs: 10, now: () => twoWeeksLater } };
    await h.start({}, schedule);
    const other = await buildApp({
      ...schedule,
      config: testConfig({
        ...h.storage.env,
        SMTP_URL: h.smtp.url,
        NOTIFY_EMAIL_TO: 'leads@atelier.example',
        MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
        FIRM_LOCALE: 'en',
        ...FAST_DELIVERY,
      }),
      logger: second.logger,
    });
    try {
      await vi.waitFor(() => expect(h.smtp.messages.filter((m) => m.message.subject?.includes('week of November 23, 2026'))).toHaveLength(1), WAIT);
      // Both keep looking every 10 ms for a while: still one.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(h.smtp.messages.filter((m) => m.message.subject?.includes('the site'))).toHaveLength(1);
      const queued = [h.logs.text(), second.text()].map((text) => (text.match(/weekly digest queued/g) ?? []).length);
      expect(queued.reduce((sum, count) => sum + count, 0)).toBe(1);
    } finally {
      await other.close();
    }
  });
});
