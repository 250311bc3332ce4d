/**
 * Writes every stored lead to stdout, for the firm's spreadsheet or CRM import:
 *
 *   npm run export -- contacts [--format csv|json]
 *   npm run export -- newsletter --format json > subscribers.json
 *
 * Uses the server's configuration (DATABASE_URL, else SQLITE_PATH). Exit codes: 0 done,
 * 1 storage or configuration problem, 2 bad arguments.
 */
import { pathToFileURL } from 'node:url';
import { unsubscribeUrl } from '../src/server/newsletter/unsubscribe-link';
import type { Store } from '../src/server/store';
import { type Output, withStore } from './lib/with-store';

export const USAGE = `Usage: npm run export -- contacts|newsletter [--format csv|json]

  contacts     contact form submissions
  newsletter   newsletter subscriptions, with each one's proof of consent, whether it
               was withdrawn (unsubscribed_at) and its personal unsubscribe link (SITE_URL)
  --format     csv (default; UTF-8, RFC 4180, header row) or json (an array)

Reads DATABASE_URL, or SQLITE_PATH (default ./data/leads.sqlite), like the server.`;

const TABLES = {
  contacts: ['id', 'created_at', 'name', 'email', 'phone', 'company', 'message', 'locale', 'page', 'status'],
  newsletter: [
    'id',
    'created_at',
    'email',
    'locale',
    'page',
    'consent_at',
    'consent_form',
    'consent_locale',
    'consent_version',
    'unsubscribed_at',
    'unsubscribe_url',
  ],
} as const;
type Table = keyof typeof TABLES;
type Format = 'csv' | 'json';


export function parseArgs(args: readonly string[]): { table: Table; format: Format } | { help: true } | { error: string } {
  let table: Table | undefined;
  let format: Format = 'csv';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg === '--format' ? args[++i] : arg.slice('--format='.length);
      if (value !== 'csv' && value !== 'json') return { error: `--format must be csv or json, got ${value ?? 'nothing'}` };
      format = value;
    } else if (arg in TABLES && table === undefined) {
      table = arg as Table;
    } else {
      return { error: `unexpected argument: ${arg}` };
    }
  }
  return table ? { table, format } : { error: 'say which table to export: contacts or newsletter' };
}

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab/CR that hides one) as a formula:
 * a visitor could type `=HYPERLINK(...)` in the form. Such cells get a leading apostrophe, which
 * spreadsheets show as text. (A phone number like "+1 514..." is exported as "'+1 514...".)
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180: CRLF line ends, quoted fields where needed. Starts with a UTF-8 byte-order mark,
 * without which Excel reads the file as ANSI and garbles accents ("Montréal").
 */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map(csvCell).join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Subscribers with the signed link to put in every message sent to them (CASL). */
async function withUnsubscribeLinks(store: Store, siteUrl: string) {
  const secret = await store.unsubscribeSecret();
  return (await store.listNewsletter()).map((row) => ({ ...row, unsubscribe_url: unsubscribeUrl(siteUrl, secret, row.id) }));
}

export async function runExport(args: readonly string[], env: Record<string, string | undefined>, out: Output, err: Output): Promise<number> {
  const parsed = parseArgs(args);
  if ('help' in parsed) {
    out.write(`${USAGE}\n`);
    return 0;
  }
  if ('error' in parsed) {
    err.write(`${parsed.error}\n\n${USAGE}\n`);
    return 2;
  }

  return withStore(env, err, 'Export failed', async (store, config) => {
    const rows = parsed.table === 'contacts' ? await store.listContacts() : await withUnsubscribeLinks(store, config.site.url);
    out.write(parsed.format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : toCsv(TABLES[parsed.table], rows));
    return 0;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runExport(process.argv.slice(2), process.env, process.stdout, process.stderr);
}
