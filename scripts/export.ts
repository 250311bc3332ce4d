/**
 * Writes every stored lead to a file, for the firm's spreadsheet or CRM import:
 *
 *   npm run export -- contacts --out leads.csv                  (in a checkout)
 *   atelier-ia export newsletter --format json --out subscribers.json   (deployed: docs/deploy.md)
 *
 * The file is created 0600, never over an existing one, complete or not at all
 * (lib/private-file.ts). Without --out the export goes to stdout. Uses the server's
 * configuration (DATABASE_URL, else SQLITE_PATH). Exit codes: 0 done, 1 storage, configuration
 * or writing problem, 2 bad arguments.
 */
import { optionsOrExit } from './lib/cli';
import { resolve } from 'node:path';
import { linkUrl } from '../src/server/newsletter/signed-link';
import { toCsv } from '../src/server/core/csv';
import { CONTACT_RECORD_COLUMNS, NEWSLETTER_RECORD_COLUMNS, type Store } from '../src/server/store';
import { newFileProblem, writePrivateFile } from './lib/private-file';
import { type Output, withStore } from './lib/with-store';

export const USAGE = `Usage: export contacts|newsletter [--format csv|json] [--out FILE]

  contacts     contact requests: from the form (source "form") and those the voice agent
               took during a demo call (source "voice", with the call's id, the preferred
               callback time and, once the call has ended, its summary and transcript)
  newsletter   newsletter subscribers (never sign-ups still waiting for confirmation), with
               each one's proof of consent (consent_method: form, or email_link when the
               address confirmed), whether it was withdrawn (unsubscribed_at) and its
               personal unsubscribe link (SITE_URL)
  --format     csv (default; UTF-8, RFC 4180, header row, formulas defused) or json (an array)
  --out FILE   write FILE, readable by its owner only (it holds personal information); it must
               not exist yet. Without it, the export goes to stdout.

Reads DATABASE_URL, or SQLITE_PATH (default ./data/leads.sqlite), like the server
(--config FILE: the service's configuration file). In a checkout: npm run export -- …;
on a deployed server: atelier-ia export … (docs/deploy.md).`;

const TABLES = {
  // Every column of a stored request, in the store's order (new ones at the end: the firm's imports keep theirs).
  contacts: CONTACT_RECORD_COLUMNS,
  // The same for subscribers, and the personal unsubscribe link made for each.
  newsletter: [...NEWSLETTER_RECORD_COLUMNS, 'unsubscribe_url'],
} as const;
type Table = keyof typeof TABLES;
type Format = 'csv' | 'json';

export function parseArgs(args: readonly string[]): { table: Table; format: Format; out: string | undefined } | { help: true } | { error: string } {
  let table: Table | undefined;
  let format: Format = 'csv';
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg === '--format' ? args[++i] : arg.slice('--format='.length);
      if (value !== 'csv' && value !== 'json') return { error: `--format must be csv or json, got ${value ?? 'nothing'}` };
      format = value;
    } else if (arg === '--out' || arg.startsWith('--out=')) {
      const value = arg === '--out' ? args[++i] : arg.slice('--out='.length);
      if (!value || value.startsWith('-')) return { error: `--out needs a file name, got ${value ?? 'nothing'}` };
      out = value;
    } else if (arg in TABLES && table === undefined) {
      table = arg as Table;
    } else {
      return { error: `unexpected argument: ${arg}` };
    }
  }
  return table ? { table, format, out } : { error: 'say which table to export: contacts or newsletter' };
}

/** Subscribers with the signed link to put in every message sent to them (CASL). */
async function withUnsubscribeLinks(store: Store, siteUrl: string) {
  const secret = await store.linkSecret();
  return (await store.listNewsletter()).map((row) => ({ ...row, unsubscribe_url: linkUrl(siteUrl, secret, 'unsubscribe', row.id) }));
}

export async function runExport(args: readonly string[], env: Record<string, string | undefined>, out: Output, err: Output): Promise<number> {
  const parsed = optionsOrExit(parseArgs(args), USAGE, out, err);
  if (typeof parsed === 'number') return parsed;

  const file = parsed.out === undefined ? undefined : resolve(parsed.out);
  const problem = file && newFileProblem(file);
  if (problem) {
    err.write(`${problem}\n`);
    return 2;
  }
  return withStore(env, err, 'Export failed', async (store, config) => {
    const rows = parsed.table === 'contacts' ? await store.listContacts() : await withUnsubscribeLinks(store, config.site.url);
    const text = parsed.format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : toCsv(TABLES[parsed.table], rows);
    if (!file) {
      await out.write(text);
      return 0;
    }
    await writePrivateFile(file, (handle) => handle.writeFile(text));
    out.write(
      `${rows.length} ${parsed.table === 'contacts' ? 'contact request(s)' : 'subscriber(s)'} written to ${file} (${parsed.format}, readable by its owner only).\n`,
    );
    return 0;
  });
}
