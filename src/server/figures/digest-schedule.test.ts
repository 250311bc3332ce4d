import { describe, expect, it, vi } from 'vitest';
import { DIGEST_WEEK_SETTING } from '../store';
import { dueWeek } from './digest-schedule';
import { ENGINES, type EngineName, storageQuery } from '../../../test/storage';
import { WAIT, notifiedApp } from '../../../test/notified-app';
import { addDays, startOfDay } from '../core/calendar';
import { DIGEST_SINCE_SETTING } from './digest';
import { WEEK, ZONE, digests } from './digest-fixtures';

/** When a digest is due, and which week a new installation's first one reports. */

describe('when the digest is due', () => {
  it('is the last whole week once Monday 07:00 has come in the firm’s time zone', () => {
    expect(dueWeek(new Date('2026-11-23T11:59:00Z'), ZONE)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(dueWeek(new Date('2026-11-23T12:00:00Z'), ZONE)).toEqual(WEEK);
    expect(dueWeek(new Date('2026-11-26T12:00:00Z'), ZONE)).toEqual(WEEK);
    expect(dueWeek(new Date('2026-11-30T11:59:00Z'), ZONE)).toEqual(WEEK);
    // In Paris, Monday 07:00 comes six hours earlier.
    expect(dueWeek(new Date('2026-11-23T06:00:00Z'), 'Europe/Paris')).toEqual(WEEK);
  });

  it('a week starts at the firm’s midnight, also across a change of time', () => {
    expect(startOfDay('2026-11-16', ZONE).toISOString()).toBe('2026-11-16T05:00:00.000Z');
    expect(startOfDay('2026-07-06', ZONE).toISOString()).toBe('2026-07-06T04:00:00.000Z');
    expect(startOfDay('2026-11-01', ZONE).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDay(addDays('2026-11-01', 1), ZONE).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});

/** The digest's schedule with the clock stopped at `now`. */
const clockAt = (now: string) => ({ digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => new Date(now) } });

describe.each(ENGINES)('a new installation’s first digest on %s', (engine: EngineName) => {
  const h = notifiedApp(engine, { FIRM_LOCALE: 'fr' });
  const lead = (name: string, createdAt: string) =>
    storageQuery(
      h.storage.env,
      "insert into contact_submissions (name, email, phone, company, message, locale, page, created_at, source) values (?, 'x@example.com', '514-555-0100', null, 'Bonjour', 'fr', '/fr/', ?, 'form')",
      [name, createdAt],
    );
  /** A database as a new installation has it: no lead, no count, no digest yet (also on a retry). */
  async function fresh() {
    for (const table of ['contact_submissions', 'site_stats']) await storageQuery(h.storage.env, `delete from ${table}`);
    await storageQuery(h.storage.env, 'delete from settings where name in (?, ?)', [DIGEST_WEEK_SETTING, DIGEST_SINCE_SETTING]);
    h.smtp.messages.length = 0;
  }
  /** Starts the server at `now`, lets it look a few times (until `digestsBy` digests arrived), stops it. */
  async function runAt(now: string, digestsBy = 0) {
    await h.start({}, clockAt(now));
    await vi.waitFor(async () => expect(await h.inspect.setting(DIGEST_WEEK_SETTING)).toBeDefined(), WAIT);
    await vi.waitFor(() => expect(digests(h.smtp.messages).length).toBeGreaterThanOrEqual(digestsBy), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await h.stop();
  }

  it('started on a Thursday: the next Monday morning, one digest of Thursday to Sunday, said so; a restart that Monday sends no second one', async () => {
    await fresh();
    // Thursday 26 November 2026, 10:00 in Toronto: the first start of a fresh database.
    await runAt('2026-11-26T15:00:00Z');
    await lead('Première Cliente', '2026-11-26T16:00:00.000Z');
    await lead('Client du Dimanche', '2026-11-30T04:00:00.000Z'); // Sunday 29, 23:00 in Toronto
    expect(digests(h.smtp.messages)).toEqual([]);

    // Monday 30 November, 08:00 in Toronto.
    await runAt('2026-11-30T13:00:00Z', 1);
    expect(digests(h.smtp.messages)).toHaveLength(1);
    const { message } = digests(h.smtp.messages)[0]!;
    expect(message.subject).toBe('Atelier IA\u00a0: les chiffres du site depuis le 26 novembre 2026');
    expect(message.text).toContain(
      'Voici ce que le site a fait depuis le 26 novembre 2026, jour de sa mise en service, jusqu’au 29 novembre 2026\u00a0: une semaine partielle, la première du site.',
    );
    expect(message.text).toMatch(/^Première Cliente\s+Formulaire\s+26 nov\. 2026/m);
    expect(message.text).toMatch(/^Client du Dimanche\s+Formulaire\s+29 nov\. 2026, 23 h 00/m);

    // Restarted later that Monday: nothing more.
    await runAt('2026-11-30T15:00:00Z');
    expect(digests(h.smtp.messages)).toHaveLength(1);
  });

  it('started on a Monday before 07:00: no digest of the week before it ran; the next Monday, that whole week', async () => {
    await fresh();
    // Monday 7 December 2026, 06:00 in Toronto, then 08:00 that morning.
    await runAt('2026-12-07T11:00:00Z');
    await runAt('2026-12-07T13:00:00Z');
    expect(digests(h.smtp.messages)).toEqual([]);
    // Monday 14 December, 08:00.
    await runAt('2026-12-14T13:00:00Z', 1);
    expect(digests(h.smtp.messages).map((m) => m.message.subject)).toEqual(['Atelier IA\u00a0: les chiffres du site, semaine du 7 décembre 2026']);
  });

  it('a site that counted before its digest was turned on (STATS_DIGEST, SMTP_URL) gets whole weeks, not “since”', async () => {
    await fresh();
    await h.inspect.addPageCounts([{ day: '2026-12-15', beacon: { e: 'view_home', l: 'fr', d: 'phone', r: 'search' }, count: 3 }], 20);
    // Turned on Thursday 17 December; Monday 21, 08:00.
    await runAt('2026-12-17T15:00:00Z');
    await runAt('2026-12-21T13:00:00Z', 1);
    expect(digests(h.smtp.messages).map((m) => m.message.subject)).toEqual(['Atelier IA\u00a0: les chiffres du site, semaine du 14 décembre 2026']);
    expect(digests(h.smtp.messages)[0]!.message.text).toMatch(/^Visites \(entrées\)\s+3\s/m);
  });
});
