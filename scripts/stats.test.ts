import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createStore } from '../src/server/store';
import { ENGINES, freshStorage, storageQuery, testConfig } from '../test/storage';
import { parseArgs, runStats } from './stats';

function capture() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

describe('stats arguments', () => {
  it.each([
    [[], { choice: {}, format: 'table', html: undefined }],
    [['--week', '2026-W47', '--format', 'csv'], { choice: { week: '2026-W47' }, format: 'csv', html: undefined }],
    [['--from=2026-01-01', '--to=2026-03-31', '--html', 'q1.html'], { choice: { from: '2026-01-01', to: '2026-03-31' }, format: 'table', html: 'q1.html' }],
  ])('%j', (args, expected) => {
    expect(parseArgs(args)).toEqual(expected);
  });

  it.each([
    [['--week', '2026-W54'], '--week needs an ISO week'],
    [['--from', '2026-02-30'], '--from needs a date'],
    [['--to', '2026-02-01'], '--to needs --from'],
    [['--from', '2026-03-01', '--to', '2026-02-01'], 'is before --from'],
    [['--week', '2026-W47', '--from', '2026-01-01'], 'cannot go with'],
    [['--format', 'xml'], '--format must be'],
    [['--from', '2020-01-01', '--to', '2026-01-01'], 'at most 800 days'],
    [['--html'], '--html needs a file name'],
    [['contacts'], 'unexpected argument'],
  ])('%j is refused', (args, message) => {
    expect(parseArgs(args)).toEqual({ error: expect.stringContaining(message) });
  });
});

describe.each(ENGINES)('npm run stats on %s', (engine) => {
  it('gives the week’s figures as a table, CSV and JSON; a bad argument exits 2 and reads nothing', async () => {
    const storage = await freshStorage(engine);
    const store = await createStore(testConfig(storage.env));
    try {
      await store.addPageCounts(
        [
          { day: '2026-11-17', beacon: { e: 'view_home', l: 'en', d: 'desktop', r: 'search', c: 'fall' }, count: 5 },
          { day: '2026-11-18', beacon: { e: 'demo_seen', l: 'en', d: 'desktop', r: 'search' }, count: 2 },
          { day: '2026-11-10', beacon: { e: 'view_home', l: 'fr', d: 'phone', r: 'none' }, count: 4 },
        ],
        20,
      );
      const env = { ...storage.env, FIRM_LOCALE: 'en' };

      const table = capture();
      expect(await runStats(['--week', '2026-W47'], env, table, capture())).toBe(0);
      expect(table.text()).toContain("Atelier IA: the site's figures from November 16, 2026 to November 22, 2026 (2026-W47)");
      expect(table.text()).toMatch(/^Visits \(entries\)\s+5\s+–\s+4 \(\+25%\)\s+1 \(\+400%\)$/m);
      expect(table.text()).toMatch(/^Voice demo seen\s+2\s+40%/m);
      expect(table.text()).toMatch(/^fall\s+5\s/m);

      const csv = capture();
      expect(await runStats(['--week', '2026-W47', '--format', 'csv'], env, csv, capture())).toBe(0);
      const rows = parse(csv.text(), { columns: true, bom: true }) as Array<Record<string, string>>;
      expect(rows.find((row) => row.breakdown === 'all' && row.metric === 'entries')).toEqual({
        from: '2026-11-16',
        to: '2026-11-22',
        breakdown: 'all',
        key: '',
        metric: 'entries',
        value: '5',
      });
      expect(rows.find((row) => row.breakdown === 'campaign' && row.key === 'fall' && row.metric === 'entries')?.value).toBe('5');
      expect(rows.find((row) => row.breakdown === 'day' && row.key === '2026-11-18' && row.metric === 'demo_seen')?.value).toBe('2');

      const json = capture();
      expect(await runStats(['--from', '2026-11-10', '--to', '2026-11-10', '--format', 'json'], env, json, capture())).toBe(0);
      expect(JSON.parse(json.text())).toMatchObject({ period: { from: '2026-11-10', to: '2026-11-10' }, totals: { entries: 4, views: 4 } });

      const err = capture();
      expect(await runStats(['--week', 'last'], env, capture(), err)).toBe(2);
      expect(err.text()).toContain('--week needs an ISO week');
    } finally {
      await store.close();
      await storage.dispose();
    }
  });

  it('shows what the demo cost in US dollars, per day and for the period, in the firm’s language; “≥” when Vapi did not give a call’s cost', async () => {
    const storage = await freshStorage(engine);
    const store = await createStore(testConfig(storage.env));
    const dir = await mkdtemp(join(tmpdir(), 'stats-cost-'));
    try {
      // Two calls on Wednesday 18 November, billed 0.21 and 0.42; on the 10th, one billed 0.50 and one whose cost Vapi never gave.
      for (const [id, at, seconds, cost] of [
        ['call-a', '2026-11-18T17:00:00.000Z', 60, 0.21],
        ['call-b', '2026-11-18T18:00:00.000Z', 120, 0.42],
        ['call-c', '2026-11-10T17:00:00.000Z', 60, 0.5],
        ['call-d', '2026-11-10T18:00:00.000Z', 60, null],
      ] as const) {
        await storageQuery(storage.env, "insert into voice_calls (call_id, locale, started_at, duration_seconds, cost) values (?, 'en', ?, ?, ?)", [
          id,
          at,
          seconds,
          cost,
        ]);
      }
      const en = { ...storage.env, FIRM_LOCALE: 'en' };

      const table = capture();
      expect(await runStats(['--week', '2026-W47'], en, table, capture())).toBe(0);
      expect(table.text()).toMatch(/^Demo cost\s+US\$0\.63\s+–\s+US\$0\.50 \(\+26%\)/m);
      expect(table.text()).toMatch(/^Day\s+Page views\s+Visits\s+Demo seen\s+Calls\s+Minutes\s+Demo cost\s+Leads$/m);
      expect(table.text()).toMatch(/^2026-11-18\s+0\s+0\s+0\s+2\s+3\s+US\$0\.63\s+0$/m);
      expect(table.text()).toMatch(/^2026-11-19\s+0\s+0\s+0\s+0\s+0\s+US\$0\.00\s+0$/m);
      expect(table.text()).not.toContain('≥');

      const csv = capture();
      expect(await runStats(['--week', '2026-W47', '--format', 'csv'], en, csv, capture())).toBe(0);
      const rows = parse(csv.text(), { columns: true, bom: true }) as Array<Record<string, string>>;
      expect(rows.find((row) => row.breakdown === 'all' && row.metric === 'demo_cost')?.value).toBe('0.63');
      expect(rows.find((row) => row.breakdown === 'day' && row.key === '2026-11-18' && row.metric === 'demo_cost')?.value).toBe('0.63');

      const file = join(dir, 'week.html');
      expect(await runStats(['--week', '2026-W47', '--html', file], en, capture(), capture())).toBe(0);
      const html = await readFile(file, 'utf8');
      expect(html).toContain('<tr><th scope="row">Demo cost</th><td class="n">US$0.63</td>');
      expect(html).toContain(
        '<tr><th scope="row">2026-11-18</th><td class="n">0</td><td class="n">0</td><td class="n">0</td><td class="n">2</td><td class="n">3</td><td class="n">US$0.63</td>',
      );

      const partly = capture();
      expect(await runStats(['--from', '2026-11-10', '--to', '2026-11-10'], en, partly, capture())).toBe(0);
      expect(partly.text()).toMatch(/^Demo cost\s+≥\sUS\$0\.50\s/m);
      expect(partly.text()).toMatch(/^2026-11-10\s+0\s+0\s+0\s+2\s+2\s+≥\sUS\$0\.50\s+0$/m);
      expect(partly.text()).toContain('≥: Vapi has not given the cost of some calls; the amount adds up those that are known.');

      const fr = capture();
      expect(await runStats(['--week', '2026-W47'], { ...storage.env, FIRM_LOCALE: 'fr' }, fr, capture())).toBe(0);
      expect(fr.text()).toMatch(/^Coût de la démo\s+0,63\s\$\sUS\s+–\s+0,50\s\$\sUS \(\+26\s%\)/m);
      expect(fr.text()).toMatch(/^Jour\s+Pages vues\s+Visites\s+Démo vue\s+Appels\s+Minutes\s+Coût de la démo\s+Demandes$/m);
      expect(fr.text()).toMatch(/^2026-11-18\s+0\s+0\s+0\s+2\s+3\s+0,63\u00a0\$\u00a0US\s+0$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await store.close();
      await storage.dispose();
    }
  });
});
