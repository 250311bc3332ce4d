import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createStore } from '../src/server/store';
import { runExport } from './export';

function capture() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

async function exportWith(args: string[], env: Record<string, string>) {
  const out = capture();
  const err = capture();
  const code = await runExport(args, env, out, err);
  return { code, stdout: out.text(), stderr: err.text() };
}

describe('npm run export', () => {
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'export-test-'));
    env = { SQLITE_PATH: join(dir, 'leads.sqlite'), SITE_URL: 'https://www.atelier-ia.example/' };
    const store = await createStore({ sqlitePath: env.SQLITE_PATH!, databaseUrl: undefined });
    await store.insertContact({
      name: 'Zoé "Z" Côté',
      email: 'zoe@example.com',
      phone: '+1 514-555-0142',
      company: 'Côté, Fils & Cie',
      message: 'Line one\nline two',
      page: '/fr/',
      locale: 'fr',
    });
    await store.insertContact({ name: '=cmd|" /C calc"!A0', email: 'evil@example.com', phone: '514 555 0100', message: '@SUM(1+1)' });
    await store.insertContact({
      name: "hello;=cmd|' /C calc'!A0",
      email: 'x@example.com',
      phone: '514 555 0101',
      company: 'Cie\t=1+1',
      message: 'Budget, -5k;+HYPERLINK("http://evil.example")\n@SUM(1)\r\n"=2',
    });
    await store.insertNewsletter({ email: 'News@Example.com', locale: 'fr', page: '/fr/', consent: { form: 'footer-newsletter', version: '2026-11-22' } });
    await store.close();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('exports contacts as CSV', async () => {
    const { code, stdout } = await exportWith(['contacts'], env);
    expect(code).toBe(0);
    const rows = parse(stdout, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(rows[0]).toEqual([
      'id',
      'created_at',
      'name',
      'email',
      'phone',
      'company',
      'message',
      'locale',
      'page',
      'status',
      'source',
      'call_id',
      'preferred_time',
      'call_summary',
      'call_transcript',
    ]);
    const formLead = ['form', '', '', '', ''];
    // A line break inside a field stays as typed; formulas are shown as text.
    expect(rows[1]).toEqual([
      '1',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      'Zoé "Z" Côté',
      'zoe@example.com',
      "'+1 514-555-0142",
      'Côté, Fils & Cie',
      'Line one\nline two',
      'fr',
      '/fr/',
      'new',
      ...formLead,
    ]);
    expect(rows[2]).toEqual([
      '2',
      expect.any(String),
      '\'=cmd|" /C calc"!A0',
      'evil@example.com',
      '514 555 0100',
      '',
      "'@SUM(1+1)",
      '',
      '',
      'new',
      ...formLead,
    ]);
    expect(stdout.endsWith('"form","","","",""\r\n')).toBe(true);
  });

  it('gives no cell that starts a formula, read by a CSV parser with either list separator', async () => {
    const { stdout } = await exportWith(['contacts'], env);
    // ',' as the file is written; ';' as Excel reads it where that is the list separator (Quebec
    // French). Loose quoting, as spreadsheets read it, so a value can spill into other cells.
    for (const delimiter of [',', ';']) {
      const cells = (parse(stdout, { bom: true, delimiter, relax_quotes: true, relax_column_count: true }) as string[][]).flat();
      expect(cells.length).toBeGreaterThan(5);
      expect({ delimiter, formulas: cells.filter((cell) => /^\s*[=+\-@]/.test(cell)) }).toEqual({ delimiter, formulas: [] });
    }
    // With the right separator, the firm reads what the visitor typed, only defused.
    const third = (parse(stdout, { bom: true }) as string[][])[3]!;
    expect(third.slice(2, 7)).toEqual([
      "hello;'=cmd|' /C calc'!A0",
      'x@example.com',
      '514 555 0101',
      "Cie\t'=1+1",
      "Budget,' -5k;'+HYPERLINK(\"http://evil.example\")\n'@SUM(1)\r\n\"'=2",
    ]);
  });

  it('exports the newsletter as JSON', async () => {
    const { code, stdout } = await exportWith(['newsletter', '--format', 'json'], env);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      {
        id: 1,
        created_at: expect.any(String),
        email: 'News@Example.com',
        locale: 'fr',
        page: '/fr/',
        consent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        consent_form: 'footer-newsletter',
        consent_locale: 'fr',
        consent_version: '2026-11-22',
        consent_method: 'form',
        unsubscribed_at: null,
        // Each subscriber's own signed link, on the site's public address.
        unsubscribe_url: expect.stringMatching(/^https:\/\/www\.atelier-ia\.example\/newsletter\/unsubscribe\?s=1&t=[\w-]{43}$/),
      },
    ]);
    expect((await exportWith(['contacts', '--format=json'], env)).stdout).toContain('"company": "Côté, Fils & Cie"');
  });

  it('exits 2 with the usage on bad arguments', async () => {
    for (const args of [[], ['leads'], ['contacts', '--format', 'xlsx'], ['contacts', '--format'], ['contacts', 'newsletter']]) {
      const { code, stdout, stderr } = await exportWith(args, env);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stdout).toBe('');
      expect(stderr).toContain('Usage: export contacts|newsletter [--format csv|json] [--out FILE]');
    }
  });

  it('exits 1 when there is no database, without creating one', async () => {
    const { code, stderr } = await exportWith(['contacts'], { SQLITE_PATH: join(dir, 'missing', 'leads.sqlite') });
    expect(code).toBe(1);
    expect(stderr).toMatch(/No database at/);
  });
});
