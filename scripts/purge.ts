/**
 * Deletes contact requests older than the firm's retention period (Quebec Law 25: personal
 * information is destroyed once the purpose it was collected for is served):
 *
 *   npm run purge                      # older than SITE_RETENTION_DAYS (default 730 days)
 *   npm run purge -- --older-than 365
 *
 * The period stated in the privacy policy comes from the same SITE_RETENTION_DAYS. Run it daily
 * (cron, systemd timer). It also deletes newsletter sign-ups not confirmed within 7 days (double
 * opt-in: such an address never consented). Subscriptions are not touched: they are kept while
 * consent lasts, and their consent log is the proof CASL asks for.
 * Uses the server's configuration (DATABASE_URL, else SQLITE_PATH). Exit codes: 0 done,
 * 1 storage or configuration problem, 2 bad arguments.
 */
import { pathToFileURL } from 'node:url';
import { PENDING_SUBSCRIPTION_DAYS } from '../src/server/store';
import { type Output, withStore } from './lib/with-store';

export const USAGE = `Usage: npm run purge -- [--older-than <days>]

  --older-than <days>   delete contact requests received more than <days> days ago
                        (default: SITE_RETENTION_DAYS, the period in the privacy policy)

Newsletter sign-ups not confirmed within 7 days are deleted too.

Reads DATABASE_URL, or SQLITE_PATH (default ./data/leads.sqlite), like the server.`;

const DAY_MS = 24 * 60 * 60 * 1000;

export function parseArgs(args: readonly string[]): { days: number | undefined } | { help: true } | { error: string } {
  let days: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--older-than' || arg.startsWith('--older-than=')) {
      const value = arg === '--older-than' ? args[++i] : arg.slice('--older-than='.length);
      if (!value || !/^\d+$/.test(value) || Number(value) < 1) return { error: `--older-than needs a whole number of days (1 or more), got ${value ?? 'nothing'}` };
      days = Number(value);
    } else {
      return { error: `unexpected argument: ${arg}` };
    }
  }
  return { days };
}

export async function runPurge(args: readonly string[], env: Record<string, string | undefined>, out: Output, err: Output, now = new Date()): Promise<number> {
  const parsed = parseArgs(args);
  if ('help' in parsed) {
    out.write(`${USAGE}\n`);
    return 0;
  }
  if ('error' in parsed) {
    err.write(`${parsed.error}\n\n${USAGE}\n`);
    return 2;
  }
  return withStore(env, err, 'Purge failed', async (store, config) => {
    const days = parsed.days ?? config.site.retentionDays;
    const before = new Date(now.getTime() - days * DAY_MS);
    const deleted = await store.purgeContacts(before);
    out.write(`Deleted ${deleted} contact request${deleted === 1 ? '' : 's'} received before ${before.toISOString()} (older than ${days} days).\n`);
    const pending = await store.purgePendingSubscriptions(now);
    out.write(`Deleted ${pending} newsletter sign-up${pending === 1 ? '' : 's'} not confirmed within ${PENDING_SUBSCRIPTION_DAYS} days.\n`);
    return 0;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runPurge(process.argv.slice(2), process.env, process.stdout, process.stderr);
}
