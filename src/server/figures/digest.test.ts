import { createTransport } from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { CONTACT_LIMITS } from '../../contracts/contact';
import { DIGEST_WEEK_SETTING, type Store } from '../store';
import { dueWeek } from './digest-schedule';
import { runPurgeJobs } from '../retention';
import { ENGINES, type EngineName, captureLogs, storageQuery, testConfig } from '../../../test/storage';
import { FAST_DELIVERY, WAIT, notifiedApp } from '../../../test/notified-app';
import { type ReceivedEmail, startSmtpReceiver } from '../../../test/receivers';
import { runStats } from '../../../scripts/stats';
import { addDays, startOfDay } from '../core/calendar';
import { DIGEST_LEADS_SHOWN, DIGEST_MAX_BYTES, DIGEST_SINCE_SETTING, shortened } from './digest';
import { buildReport } from './report';
import { DAY_MS, HOUR_MS } from '../core/time';

const ZONE = 'America/Toronto';
/** The week the digests below report: Monday 16 to Sunday 22 November 2026. */
const WEEK = { from: '2026-11-16', to: '2026-11-22' };
/** Monday 23 November 2026, 08:00 in Toronto: the digest of WEEK is due. */
const MONDAY_MORNING = new Date('2026-11-23T13:00:00Z');

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

/** The digests the receiver got (a lead's notification is not one). */
const digests = (received: readonly ReceivedEmail[]) => received.filter((m) => /chiffres du site|site's figures/.test(m.message.subject ?? ''));

/**
 * The message's size as the relay counts it: the received parts and headers encoded again by the
 * library the server sends with (the receiver keeps the parsed message, not its bytes).
 */
async function wireSize({ envelope, message }: ReceivedEmail): Promise<number> {
  const sent = await createTransport({ streamTransport: true, buffer: true }).sendMail({
    from: envelope.from,
    to: envelope.to,
    subject: message.subject ?? '',
    text: message.text ?? '',
    html: message.html ?? '',
    messageId: message.messageId,
    headers: Object.fromEntries(message.headers.filter(({ key }) => key.startsWith('x-') || key === 'auto-submitted').map(({ key, value }) => [key, value])),
  });
  return (sent.message as Buffer).length;
}

/** A lead as long as the form takes, of characters that grow most once escaped and encoded (& < É 東). */
const floodName = (index: number) => `Lead ${String(index).padStart(4, '0')} ${'É&<東'.repeat(40)}`.slice(0, CONTACT_LIMITS.name);
const FLOOD_COMPANY = 'Ü&"東'.repeat(40).slice(0, CONTACT_LIMITS.company);
const FLOOD_MESSAGE = 'é<東&'.repeat(1250).slice(0, CONTACT_LIMITS.message);
const FLOOD_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
const FLOOD_LEADS = 3_000;

/** `count` leads (an even number) spread over WEEK, oldest first, written in a few statements (not one request each). */
async function floodWeek(env: Record<string, string>, count: number) {
  const weekStart = startOfDay(WEEK.from, ZONE).getTime();
  const step = Math.floor((7 * DAY_MS) / count);
  for (let first = 0; first < count; first += 300) {
    const indexes = Array.from({ length: Math.min(300, count - first) }, (_, offset) => first + offset);
    await storageQuery(
      env,
      `insert into contact_submissions (name, email, phone, company, message, locale, page, created_at, source) values ${indexes.map(() => "(?, ?, '+1 514-555-0100 poste 123456', ?, ?, 'fr', '/fr/', ?, ?)").join(', ')}`,
      indexes.flatMap((index) => [
        floodName(index),
        FLOOD_EMAIL,
        FLOOD_COMPANY,
        FLOOD_MESSAGE,
        new Date(weekStart + index * step).toISOString(),
        index % 2 ? 'voice' : 'form',
      ]),
    );
  }
  // Counted as the store counts a lead it writes (its language only).
  for (const event of ['form_sent', 'voice_lead']) {
    await storageQuery(env, "insert into site_stats (day, event, locale, device, referrer, campaign, count) values (?, ?, 'fr', '', '', '', ?)", [
      WEEK.from,
      event,
      count / 2,
    ]);
  }
}

describe.each(ENGINES)('a week of 3,000 leads on %s', (engine: EngineName) => {
  const h = notifiedApp(engine);

  it(`the digest lists the first ${DIGEST_LEADS_SHOWN}, says how many more and the command that lists them all, and stays under 200 KB, in French and English`, async () => {
    for (const table of ['contact_submissions', 'site_stats']) await storageQuery(h.storage.env, `delete from ${table}`);
    await floodWeek(h.storage.env, FLOOD_LEADS);
    const more = FLOOD_LEADS - DIGEST_LEADS_SHOWN;
    for (const [locale, moreLine] of [
      ['fr', /^Et 2\s950 de plus\s: atelier-ia stats --week 2026-W47 sur le serveur les liste toutes\.$/m],
      ['en', /^And 2,950 more: atelier-ia stats --week 2026-W47 on the server lists them all\.$/m],
    ] as const) {
      // The week before was sent: this one is due.
      await h.inspect.saveSetting(DIGEST_WEEK_SETTING, '2026-11-09');
      h.smtp.messages.length = 0;
      await h.start({ FIRM_LOCALE: locale }, { digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => MONDAY_MORNING } });
      await vi.waitFor(() => expect(digests(h.smtp.messages)).toHaveLength(1), WAIT);
      await h.stop();
      const received = digests(h.smtp.messages)[0]!;
      expect(await wireSize(received)).toBeLessThan(DIGEST_MAX_BYTES);
      const { text = '', html = '' } = received.message;
      // The week's first leads, in the order they came, their names cut to a cell's width.
      const listed = text.match(/^Lead \d{4} /gm) ?? [];
      expect(listed).toHaveLength(DIGEST_LEADS_SHOWN);
      expect(listed.at(-1)).toBe(`Lead ${String(DIGEST_LEADS_SHOWN - 1).padStart(4, '0')} `);
      expect(html.match(/>Lead \d{4} /g)).toHaveLength(DIGEST_LEADS_SHOWN);
      expect(text).toContain(shortened(floodName(0)));
      expect(text).not.toContain(floodName(0));
      expect(text).not.toContain(FLOOD_COMPANY);
      expect(text).toMatch(moreLine);
      expect(html.replace(/<[^>]+>/g, '\n')).toMatch(moreLine);
      // The figures still count every lead.
      expect(text).toMatch(
        locale === 'fr' ? /^Demandes reçues \(formulaire et agent vocal\)\s+3\s000\s/m : /^Leads received \(form and voice agent\)\s+3,000\s/m,
      );
      expect(more).toBe(2_950);
    }

    // The command the digest names lists every one of them.
    const out = { text: '', write: (chunk: string) => (out.text += chunk) };
    expect(await runStats(['--week', '2026-W47'], { ...h.storage.env, FIRM_LOCALE: 'en' }, out, { write: () => true })).toBe(0);
    expect(out.text.match(/^Lead \d{4} /gm)).toHaveLength(FLOOD_LEADS);
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
