import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../src/server/store';
import { csvCell, runExport, toCsv } from './export';

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

describe('csv cells', () => {
  it('quotes per RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('defuses spreadsheet formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(csvCell('+1 514-555-0142')).toBe("'+1 514-555-0142");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('writes a BOM, a header row and CRLF line ends', () => {
    expect(toCsv(['id', 'name'], [{ id: 1, name: 'Zoé' }])).toBe('\uFEFFid,name\r\n1,Zoé\r\n');
  });
});

describe('npm run export', () => {
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'export-test-'));
    env = { SQLITE_PATH: join(dir, 'leads.sqlite'), SITE_URL: 'https://www.atelier-ia.example/' };
    const store = await createStore({ sqlitePath: env.SQLITE_PATH!, databaseUrl: undefined });
    await store.insertContact({ name: 'Zoé "Z" Côté', email: 'zoe@example.com', phone: '+1 514-555-0142', company: 'Côté, Fils & Cie', message: 'Line one\nline two', page: '/fr/', locale: 'fr' });
    await store.insertContact({ name: '=cmd|" /C calc"!A0', email: 'evil@example.com', phone: '514 555 0100', message: '@SUM(1+1)' });
    await store.insertNewsletter({ email: 'News@Example.com', locale: 'fr', page: '/fr/', consent: { form: 'footer-newsletter', version: '2026-11-22' } });
    await store.close();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('exports contacts as CSV', async () => {
    const { code, stdout } = await exportWith(['contacts'], env);
    expect(code).toBe(0);
    const lines = stdout.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,created_at,name,email,phone,company,message,locale,page,status');
    // A line break inside a quoted field stays as typed; records end with CRLF.
    expect(lines[1]).toMatch(/^1,\d{4}-\d\d-\d\dT[\d:.]+Z,"Zoé ""Z"" Côté",zoe@example.com,'\+1 514-555-0142,"Côté, Fils & Cie","Line one\nline two",fr,\/fr\/,new$/);
    expect(lines[2]).toMatch(/^2,[^,]+,"'=cmd\|"" \/C calc""!A0",evil@example.com,514 555 0100,,'@SUM\(1\+1\),,,new$/);
    expect(lines[3]).toBe('');
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
      expect(stderr).toContain('Usage: npm run export -- contacts|newsletter [--format csv|json]');
    }
  });

  it('exits 1 when there is no database, without creating one', async () => {
    const { code, stderr } = await exportWith(['contacts'], { SQLITE_PATH: join(dir, 'missing', 'leads.sqlite') });
    expect(code).toBe(1);
    expect(stderr).toMatch(/No database at/);
  });
});
