/**
 * Deletes, now, what the privacy policy says is kept no longer (Quebec Law 25: personal
 * information is destroyed once the purpose it was collected for is served): every job of
 * PURGE_JOBS (src/server/retention.ts), contact requests first.
 *
 *   npm run purge                      # contact requests older than SITE_RETENTION_DAYS (730)
 *   npm run purge -- --older-than 365
 *
 * It also deletes newsletter sign-ups not confirmed within 7 days (double opt-in: such an
 * address never consented). The server already does all this once a day by itself
 * (src/server/retention-plugin.ts); this is for a run by hand. The period stated in the privacy policy
 * comes from the same SITE_RETENTION_DAYS.
 * Uses the server's configuration (DATABASE_URL, else SQLITE_PATH). Exit codes: 0 done,
 * 1 storage or configuration problem, 2 bad arguments.
 */
import { optionsOrExit } from './lib/cli';
import { runPurgeJobs } from '../src/server/retention';
import { callsApi } from '../src/server/voice/calls-api';
import { type Output, withStore } from './lib/with-store';

export const USAGE = `Usage: purge [--older-than <days>]

Deletes what the privacy policy keeps no longer (the server also does it once a day).

  --older-than <days>   delete contact requests received more than <days> days ago
                        (default: SITE_RETENTION_DAYS, the period in the privacy policy)

Newsletter sign-ups not confirmed within 7 days are deleted too, and the demo's call
records at Vapi past VAPI_CALL_RETENTION_DAYS (with VAPI_PRIVATE_KEY).

Reads DATABASE_URL, or SQLITE_PATH (default ./data/leads.sqlite), like the server
(--config FILE: the service's configuration file). In a checkout: npm run purge -- …;
on a deployed server: atelier-ia purge … (docs/deploy.md).`;

export function parseArgs(args: readonly string[]): { days: number | undefined } | { help: true } | { error: string } {
  let days: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--older-than' || arg.startsWith('--older-than=')) {
      const value = arg === '--older-than' ? args[++i] : arg.slice('--older-than='.length);
      if (!value || !/^\d+$/.test(value) || Number(value) < 1)
        return { error: `--older-than needs a whole number of days (1 or more), got ${value ?? 'nothing'}` };
      days = Number(value);
    } else {
      return { error: `unexpected argument: ${arg}` };
    }
  }
  return { days };
}

export async function runPurge(args: readonly string[], env: Record<string, string | undefined>, out: Output, err: Output, now = new Date()): Promise<number> {
  const parsed = optionsOrExit(parseArgs(args), USAGE, out, err);
  if (typeof parsed === 'number') return parsed;
  return withStore(env, err, 'Purge failed', async (store, config) => {
    const reports = await runPurgeJobs(
      store,
      {
        contactDays: parsed.days ?? config.site.retentionDays,
        statsDays: config.stats.retentionDays,
        timeZone: config.notifications.timeZone,
        // The demo's call records at Vapi, with the server's own key (none: nothing can be deleted there, and it says so).
        vapiCalls: {
          days: config.voice.callRetentionDays,
          calls: config.voice.privateKey ? callsApi({ privateKey: config.voice.privateKey, baseUrl: config.voice.apiBaseUrl }) : undefined,
        },
      },
      now,
    );
    for (const { line } of reports) out.write(`${line}\n`);
    for (const { warning } of reports) if (warning) err.write(`Warning: ${warning}\n`);
    return 0;
  });
}
