import { describe, expect, it } from 'vitest';
import { COUNTER_KEYS } from '../src/server/core/database/counter-keys';
import { ENGINES, TEST_WEBHOOK_SECRET, freshStorage, storageQuery, storageRows, testConfig } from '../test/storage';
import { runPurgeJobs } from '../src/server/retention';
import { createStore } from '../src/server/store';
import { DEFAULT_FIRM_TIME_ZONE, addDays, dayOf } from '../src/server/core/calendar';
import { DAY_MS } from '../src/server/core/time';
import { runPurge } from './purge';

function capture() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}
const contact = (name: string) => ({ name, email: `${name}@example.com`, phone: '514 555 0100', message: 'Hello' });

describe.each(ENGINES)('npm run purge on %s', (engine) => {
  it('deletes contact requests older than the retention period, keeps newer ones and the newsletter', async () => {
    const storage = await freshStorage(engine);
    // A webhook is configured, so each lead queues a notification (the worker is not running here).
    const store = await createStore(testConfig({ ...storage.env, WEBHOOK_URL: 'http://127.0.0.1:9/hook', WEBHOOK_SECRET: TEST_WEBHOOK_SECRET }));
    try {
      await store.insertContact(contact('old'));
      await store.insertNewsletter({ email: 'reader@example.com' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const cutoff = new Date();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await store.insertContact(contact('recent'));
      // A day of the site's figures 800 days before the run: past STATS_RETENTION_DAYS (760).
      const run = new Date(cutoff.getTime() + 10 * DAY_MS);
      await store.addPageCounts(
        [{ day: addDays(dayOf(run, DEFAULT_FIRM_TIME_ZONE), -800), beacon: { e: 'view_home', l: 'fr', d: 'phone', r: 'none' }, count: 1 }],
        20,
      );

      // Ten days from now, "older than 10 days" means "received before the cutoff".
      const out = capture();
      const err = capture();
      const code = await runPurge(['--older-than', '10'], storage.env, out, err, run);
      expect(err.text()).toBe('');
      expect(code).toBe(0);
      expect(out.text()).toBe(
        `Deleted 1 contact request received before ${cutoff.toISOString()} (older than 10 days).\nDeleted 0 newsletter sign-ups not confirmed within 7 days.\n` +
          `Deleted 1 daily counter of the site's figures for days before ${addDays(dayOf(run, DEFAULT_FIRM_TIME_ZONE), -760)} (older than 760 days).\n` +
          'Deleted 0 demo call records at Vapi (older than 30 days) and dropped 0 call ids.\n' +
          `Deleted 0 demo sessions of days before today and 0 demo call records started before ${new Date(run.getTime() - 760 * DAY_MS).toISOString()} (older than 760 days).\n` +
          'Deleted 0 expired limit counters (spent proofs included).\n',
      );
      // The figures of the days still kept stay, the purged lead's too: counts identify no one.
      expect((await store.statsRows('2000-01-01', '2100-01-01')).map((row) => `${row.event} ${row.count}`).sort()).toEqual([
        'form_sent 2',
        'newsletter_asked 1',
        'newsletter_confirmed 1',
      ]);
      expect((await store.listContacts()).map((row) => row.name)).toEqual(['recent']);
      // The notification queued for the old lead went with it; the recent one's stays.
      const jobs = await store.deliveries.list(['pending']);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.createdAt >= cutoff.toISOString()).toBe(true);
      expect(await store.listNewsletter()).toHaveLength(1);

      // Without --older-than, the configured retention period (SITE_RETENTION_DAYS) applies.
      const later = new Date(Date.now() + 31 * DAY_MS);
      const kept = capture();
      expect(await runPurge([], { ...storage.env, SITE_RETENTION_DAYS: '32' }, kept, capture(), later)).toBe(0);
      expect(kept.text()).toMatch(/^Deleted 0 contact requests .* \(older than 32 days\)/);
      const purged = capture();
      expect(await runPurge([], { ...storage.env, SITE_RETENTION_DAYS: '30' }, purged, capture(), later)).toBe(0);
      expect(purged.text()).toMatch(/^Deleted 1 contact request .* \(older than 30 days\)/);
      expect(await store.listContacts()).toEqual([]);
    } finally {
      await store.close();
      await storage.dispose();
    }
  });
});

describe.each(ENGINES)('pending newsletter sign-ups on %s', (engine) => {
  it('are deleted when not confirmed within 7 days, with their confirmation e-mails; subscribers stay', async () => {
    const storage = await freshStorage(engine);
    // E-mail configured: sign-ups are confirmed by a link (double opt-in) and queue that e-mail.
    const store = await createStore(
      testConfig({ ...storage.env, SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_EMAIL_TO: 'firm@example.com', MAIL_FROM: 'site@example.com' }),
    );
    try {
      const consent = { form: 'footer-newsletter', version: '2026-11-22' };
      expect(await store.requestNewsletter({ email: 'never@example.com', locale: 'fr', consent })).toBe('confirmation_queued');
      expect(await store.requestNewsletter({ email: 'yes@example.com', locale: 'en', consent })).toBe('confirmation_queued');
      expect((await store.deliveries.list(['pending'])).map((job) => job.eventType)).toEqual(['newsletter.confirmation', 'newsletter.confirmation']);
      // The second one is confirmed through its link (which names this id).
      expect(await store.findConfirmation(2)).toMatchObject({ email: 'yes@example.com', confirmed: false });
      expect(await store.confirmNewsletter(2)).toBe('confirmed');

      const out = capture();
      // Six days on, nothing is due; eight days on, the one never confirmed goes.
      expect(await runPurge([], storage.env, out, capture(), new Date(Date.now() + 6 * DAY_MS))).toBe(0);
      expect(out.text()).toContain('Deleted 0 newsletter sign-ups not confirmed within 7 days.');
      expect(await store.findConfirmation(1)).toMatchObject({ email: 'never@example.com' });
      const later = capture();
      expect(await runPurge([], storage.env, later, capture(), new Date(Date.now() + 8 * DAY_MS))).toBe(0);
      expect(later.text()).toContain('Deleted 1 newsletter sign-up not confirmed within 7 days.');
      expect(await store.findConfirmation(1)).toBeUndefined();
      expect(await store.findConfirmation(2)).toBeUndefined();
      expect((await store.deliveries.list(['pending'])).map((job) => job.eventType)).toEqual([]);
      expect((await store.listNewsletter()).map((row) => [row.email, row.consent_method])).toEqual([['yes@example.com', 'email_link']]);
      // The same, called directly, as the server's daily retention job does: nothing left.
      expect(await store.purgePendingSubscriptions(new Date(Date.now() + 8 * DAY_MS))).toBe(0);
    } finally {
      await store.close();
      await storage.dispose();
    }
  });
});

describe('npm run purge arguments', () => {
  it('exits 2 with the usage on bad arguments, touching nothing', async () => {
    for (const args of [['--older-than'], ['--older-than', '0'], ['--older-than', 'ten'], ['--older-than=-5'], ['contacts']]) {
      const out = capture();
      const err = capture();
      expect({ args, code: await runPurge(args, { SQLITE_PATH: '/nonexistent/leads.sqlite' }, out, err) }).toEqual({ args, code: 2 });
      expect(out.text()).toBe('');
      expect(err.text()).toContain('Usage: purge [--older-than <days>]');
    }
  });

  it('exits 1 when there is no database, without creating one', async () => {
    const err = capture();
    expect(await runPurge([], { SQLITE_PATH: '/nonexistent/dir/leads.sqlite' }, capture(), err)).toBe(1);
    expect(err.text()).toMatch(/No database at/);
  });
});

describe.each(ENGINES)('the voice demo’s records on %s', (engine) => {
  it('the sessions of days before today (with the network each went to) and the calls older than STATS_RETENTION_DAYS go; the rest stays', async () => {
    const storage = await freshStorage(engine);
    const store = await createStore(testConfig(storage.env));
    try {
      const zone = DEFAULT_FIRM_TIME_ZONE;
      const run = new Date('2026-11-28T15:00:00.000Z');
      const today = dayOf(run, zone);
      const yesterday = addDays(today, -1);
      const hold = (id: string, day: string) =>
        storageQuery(storage.env, 'insert into voice_holds (id, day, network, expires_at) values (?, ?, ?, ?)', [id, day, '203.0.113.0/24', run.toISOString()]);
      await hold('held-yesterday', yesterday);
      await hold('held-today', today);
      const call = (id: string, startedAt: Date) =>
        storageQuery(storage.env, 'insert into voice_calls (call_id, locale, started_at) values (?, ?, ?)', [id, 'fr', startedAt.toISOString()]);
      await call('call-old', new Date(run.getTime() - 761 * DAY_MS));
      await call('call-kept', new Date(run.getTime() - 759 * DAY_MS));

      const reports = await runPurgeJobs(store, { contactDays: 730, statsDays: 760, timeZone: zone }, run);
      expect(reports.find((report) => report.name === 'voice demo records')).toMatchObject({ deleted: 2 });
      expect((await storageRows<{ id: string }>(storage.env, 'select id from voice_holds order by id')).map((row) => row.id)).toEqual(['held-today']);
      expect((await storageRows<{ call_id: string }>(storage.env, 'select call_id from voice_calls order by call_id')).map((row) => row.call_id)).toEqual([
        'call-kept',
      ]);
    } finally {
      await store.close();
      await storage.dispose();
    }
  });
});

describe.each(ENGINES)('what is kept only for a window or until delivered, on %s', (engine) => {
  it('the daily run deletes the limits’ counters and spent proofs whose window ended, and nothing else', async () => {
    const storage = await freshStorage(engine);
    const store = await createStore(testConfig(storage.env));
    try {
      const run = new Date('2026-11-28T15:00:00.000Z');
      const at = (minutes: number) => new Date(run.getTime() + minutes * 60_000).toISOString();
      for (const [key, expires] of [
        [COUNTER_KEYS.leads('203.0.113.0/24'), at(-1)],
        [COUNTER_KEYS.client('contact', '0f3a'), at(-600)],
        [COUNTER_KEYS.leads('198.51.100.0/24'), at(1)],
        [COUNTER_KEYS.client('contact', '9b2c'), at(30)],
      ] as const)
        await storageQuery(storage.env, 'insert into rate_counters (key, count, expires_at) values (?, 1, ?)', [key, expires]);
      await storageQuery(storage.env, 'insert into spent_proofs (signature, expires_at) values (?, ?), (?, ?)', ['spent-old', at(-5), 'spent-live', at(5)]);

      const reports = await runPurgeJobs(store, { contactDays: 730, statsDays: 760, timeZone: DEFAULT_FIRM_TIME_ZONE }, run);
      expect(reports.find((report) => report.name === 'expired limit counters')).toMatchObject({ deleted: 3 });
      expect((await storageRows<{ key: string }>(storage.env, 'select key from rate_counters order by key')).map((row) => row.key)).toEqual([
        COUNTER_KEYS.leads('198.51.100.0/24'),
        COUNTER_KEYS.client('contact', '9b2c'),
      ]);
      expect((await storageRows<{ signature: string }>(storage.env, 'select signature from spent_proofs')).map((row) => row.signature)).toEqual(['spent-live']);
    } finally {
      await store.close();
      await storage.dispose();
    }
  });
});
