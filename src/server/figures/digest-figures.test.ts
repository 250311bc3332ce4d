import { describe, expect, it, vi } from 'vitest';
import { DIGEST_WEEK_SETTING, type Store } from '../store';
import { runPurgeJobs } from '../retention';
import { ENGINES, type EngineName, storageQuery } from '../../../test/storage';
import { WAIT, notifiedApp } from '../../../test/notified-app';
import { buildReport } from './report';
import { HOUR_MS } from '../core/time';
import { MONDAY_MORNING, WEEK, ZONE } from './digest-fixtures';

/**
 * A seeded week's digest: the figures the report makes of it, the e-mail that carries them, sent
 * once; the counters the daily purge then deletes.
 */

type Seed = {
  day: string;
  e: 'view_home' | 'view_privacy' | 'demo_seen' | 'call_pressed' | 'form_started';
  times: number;
  r?: 'search' | 'self' | 'none';
  c?: string;
};

/**
 * A week the figures are known of: 12 entries (10 from search, one campaign among them, 2 typed)
 * and 4 moves between pages, 6 demo seen, 3 "Call Me", 4 forms started; from the database, 2 form
 * leads and a voice lead, 3 sign-ups asked and 2 confirmed. The week before: 8 entries; the three
 * before it: 4 each (so the 4-week average of entries is 5).
 */
async function seed(store: Store, env: Record<string, string>) {
  const beacon = (row: Seed) =>
    ({ e: row.e, l: 'fr', d: row.r === 'none' ? 'desktop' : 'phone', r: row.r ?? 'search', ...(row.c ? { c: row.c } : {}) }) as const;
  const rows: Seed[] = [
    { day: '2026-11-16', e: 'view_home', times: 6 },
    { day: '2026-11-17', e: 'view_home', times: 4, c: 'automne' },
    { day: '2026-11-18', e: 'view_privacy', times: 2, r: 'none' },
    { day: '2026-11-18', e: 'view_home', times: 4, r: 'self' },
    { day: '2026-11-19', e: 'demo_seen', times: 6 },
    { day: '2026-11-19', e: 'call_pressed', times: 3 },
    { day: '2026-11-20', e: 'form_started', times: 4 },
    { day: '2026-11-10', e: 'view_home', times: 8 },
    { day: '2026-11-03', e: 'view_home', times: 4 },
    { day: '2026-10-27', e: 'view_home', times: 4 },
    { day: '2026-10-20', e: 'view_home', times: 4 },
    // The week after: not this digest's.
    { day: '2026-11-23', e: 'view_home', times: 9 },
  ];
  await store.addPageCounts(
    rows.map((row) => ({ day: row.day, beacon: beacon(row), count: row.times })),
    20,
  );
  for (const [event, count] of [
    ['form_sent', 2],
    ['voice_lead', 1],
    ['newsletter_asked', 3],
    ['newsletter_confirmed', 2],
  ] as const) {
    await storageQuery(env, "insert into site_stats (day, event, locale, device, referrer, campaign, count) values ('2026-11-20', ?, 'fr', '', '', '', ?)", [
      event,
      count,
    ]);
  }
  const lead = (name: string, company: string | null, source: string, at: string, callId: string | null) =>
    storageQuery(
      env,
      "insert into contact_submissions (name, email, phone, company, message, locale, page, created_at, source, call_id) values (?, 'x@example.com', '514-555-0100', ?, 'Bonjour', 'fr', '/fr/', ?, ?, ?)",
      [name, company, at, source, callId],
    );
  // The demo's calls, as the server records them from Vapi's messages (voice_calls, migrations
  // 0013 and 0014) with what Vapi billed for each: two on Friday 20 (one ended in Jean Roy's
  // callback request), one the week before.
  for (const [id, at, seconds, cost] of [
    ['call-1', '2026-11-20T19:25:00.000Z', 180, 0.21],
    ['call-2', '2026-11-20T15:00:00.000Z', 90, 0.42],
    ['call-0', '2026-11-12T15:00:00.000Z', 60, 0.84],
  ] as const) {
    await storageQuery(env, "insert into voice_calls (call_id, locale, started_at, duration_seconds, cost, settled_by) values (?, 'fr', ?, ?, ?, 'report')", [
      id,
      at,
      seconds,
      cost,
    ]);
  }
  await lead('Marie Tremblay', 'Boulangerie du Coin', 'form', '2026-11-18T15:00:00.000Z', null);
  await lead('Jean Roy', null, 'voice', '2026-11-20T19:30:00.000Z', 'call-1');
  // Sunday 22, 23:30 in Toronto (Monday 04:30 UTC): still the week's.
  await lead('Léa Gagnon', 'Atelier Gagnon', 'form', '2026-11-23T04:30:00.000Z', null);
  // Monday 23, 00:30 in Toronto: the next week's.
  await lead('Hors Semaine', null, 'form', '2026-11-23T05:30:00.000Z', null);
}

describe.each(ENGINES)('the weekly digest on %s', (engine: EngineName) => {
  const h = notifiedApp(engine, { FIRM_LOCALE: 'fr' });
  const onMonday = { digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => MONDAY_MORNING } };

  it('reports the seeded week’s figures: the funnel with rates and changes, the leads by name, company and source, 8 weeks of bars', async () => {
    await seed(h.inspect, h.storage.env);
    const report = await buildReport(h.inspect, WEEK, ZONE);
    expect(report.totals).toMatchObject({ views: 16, entries: 12, demo_seen: 6, call_pressed: 3, form_started: 4, form_sent: 2, voice_lead: 1, leads: 3 });
    expect(report.comparisons.entries).toEqual({ count: 12, previous: 8, baseline: 5 });
    expect(report.totals).toMatchObject({ calls_started: 2, call_minutes: 4.5, calls_with_callback: 1 });
    expect(report.comparisons.calls_started).toEqual({ count: 2, previous: 1, baseline: 0.3 });
    // What the demo cost: the day's two calls, and the week's.
    expect(report.days.find(({ day }) => day === '2026-11-20')?.totals).toMatchObject({ calls_started: 2, demo_cost: 0.63, calls_without_cost: 0 });
    expect(report.comparisons.demo_cost).toEqual({ count: 0.63, previous: 0.84, baseline: 0.21 });
    expect(report.leads.map((lead) => lead.name)).toEqual(['Marie Tremblay', 'Jean Roy', 'Léa Gagnon']);
    expect(report.periods.map(({ totals }) => totals.entries)).toEqual([0, 0, 0, 4, 4, 4, 8, 12]);

    // The week before was sent: this one is due.
    await h.inspect.saveSetting(DIGEST_WEEK_SETTING, '2026-11-09');
    await h.start({}, onMonday);
    await vi.waitFor(() => expect(h.smtp.messages.filter((m) => m.message.subject?.includes('chiffres du site'))).toHaveLength(1), WAIT);
    const { message, envelope } = h.smtp.messages.find((m) => m.message.subject?.includes('chiffres du site'))!;
    expect(envelope.to).toEqual(['leads@atelier.example']);
    expect(message.subject).toBe('Atelier IA\u00a0: les chiffres du site, semaine du 16 novembre 2026');
    const text = message.text!;
    expect(text).toMatch(/^Visites \(entrées\)\s+12\s+–\s+8 \(\+50\s%\)\s+5 \(\+140\s%\)$/m);
    expect(text).toMatch(/^Démo vocale vue\s+6\s+50\s%\s+0 \(–\)\s+0 \(–\)$/m);
    expect(text).toMatch(/^«\sParler à l’agent\s» pressé\s+3\s+50\s%/m);
    expect(text).toMatch(/^Formulaire de contact envoyé\s+2\s+50\s%/m);
    expect(text).toMatch(/^Appels commencés\s+2\s+66,7\s%\s+1 \(\+100\s%\)/m);
    expect(text).toMatch(/^Minutes d’appel\s+4,5\s/m);
    expect(text).toMatch(/^Coût de la démo\s+0,63\s\$\sUS\s+–\s+0,84\s\$\sUS \(-25\s%\)\s+0,21\s\$\sUS \(\+200\s%\)$/m);
    expect(text).not.toContain('≥');
    expect(text).toMatch(/^Appels terminés par une demande de rappel\s+1\s+50\s%/m);
    expect(text).toMatch(/^Demandes reçues \(formulaire et agent vocal\)\s+3\s+25\s%/m);
    expect(text).toMatch(/^Marie Tremblay\s+Boulangerie du Coin\s+Formulaire\s+18 nov\. 2026/m);
    expect(text).toMatch(/^Jean Roy\s+Agent vocal\s+20 nov\. 2026/m);
    expect(text).toMatch(/^Léa Gagnon\s+Atelier Gagnon\s+Formulaire\s+22 nov\. 2026, 23 h 30/m);
    expect(text).not.toContain('Hors Semaine');
    expect(text).toMatch(/^Moteur de recherche\s+10\s/m);
    expect(text).toMatch(/^automne\s+4\s/m);
    // The HTML part: tables and bars only, nothing fetched from anywhere.
    const html = message.html!;
    expect(html).not.toMatch(/<img|<link|<script|\bsrc=|url\(|https?:/i);
    expect(html.match(/bgcolor="#2563eb"/g)).toHaveLength(5);
    expect(html).toContain('Marie Tremblay');
    expect(html).toContain(
      '<td style="padding:4px 10px 4px 0;text-align:right;vertical-align:top;border-bottom:1px solid #e5e7eb;white-space:nowrap">0,63\u00a0$\u00a0US</td>',
    );

    // Restarted later that morning: not sent again.
    await h.stop();
    await h.start({}, { digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => new Date(MONDAY_MORNING.getTime() + HOUR_MS) } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(h.smtp.messages.filter((m) => m.message.subject?.includes('chiffres du site'))).toHaveLength(1);
  });

  it('a server that was not running on Monday morning sends the week’s digest as soon as it runs, later that week', async () => {
    await h.inspect.saveSetting(DIGEST_WEEK_SETTING, '2026-11-09');
    h.smtp.messages.length = 0;
    // Thursday 26 November, 10:00 in Toronto: no instance ran since the week before's digest.
    await h.start({}, { digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => new Date('2026-11-26T15:00:00Z') } });
    await vi.waitFor(
      () => expect(h.smtp.messages.map((m) => m.message.subject)).toEqual(['Atelier IA\u00a0: les chiffres du site, semaine du 16 novembre 2026']),
      WAIT,
    );
    expect(await h.inspect.setting(DIGEST_WEEK_SETTING)).toBe(WEEK.from);
  });

  it('a new installation first started on a Monday morning sends nothing that day; STATS_DIGEST=off records nothing', async () => {
    await storageQuery(h.storage.env, 'delete from settings where name = ?', [DIGEST_WEEK_SETTING]);
    await h.start({ STATS_DIGEST: 'off' }, onMonday);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await h.inspect.setting(DIGEST_WEEK_SETTING)).toBeUndefined();
    await h.stop();
    h.smtp.messages.length = 0;
    await h.start({}, onMonday);
    await vi.waitFor(async () => expect(await h.inspect.setting(DIGEST_WEEK_SETTING)).toBe(WEEK.from), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.messages).toHaveLength(0);
  });

  it('the daily retention run deletes counters older than STATS_RETENTION_DAYS', async () => {
    const reports = await runPurgeJobs(h.inspect, { contactDays: 730, statsDays: 7, timeZone: ZONE }, MONDAY_MORNING);
    expect(reports.find((report) => report.name === 'site statistics')?.deleted).toBeGreaterThan(0);
    const left = await h.inspect.statsRows('2000-01-01', '2100-01-01');
    expect(left.map((row) => row.day).every((day) => day >= '2026-11-16')).toBe(true);
  });
});
