import { PENDING_SUBSCRIPTION_DAYS, type Store } from './store';
import { addDays, dayOf } from './core/calendar';
import { DAY_MS } from './core/time';
import { type VapiDeletion, deleteDemoCallsAtVapi } from './voice/call-deletion';

/**
 * What the privacy policy (src/content/privacy/) promises to delete, and after how long: one
 * entry per kind of data. The server runs the whole list once a day (retention-plugin.ts) and
 * `npm run purge` runs it by hand; a new promise in the policy is a new entry here.
 *
 * Kept on purpose: newsletter subscriptions while consent lasts, and after an unsubscribe the
 * address with its consent log (the proof CASL asks for). What each table keeps and for how long
 * is declared in src/contracts/kept-data.ts; the rate counters (keyed hashes of addresses,
 * networks) and spent proofs go when their window ends, by the store as it counts and here daily.
 */
export type RetentionSettings = {
  /** SITE_RETENTION_DAYS, the period the policy states for contact requests. */
  contactDays: number;
  /** STATS_RETENTION_DAYS: the daily counters (they identify no one; the policy states it all the same). */
  statsDays: number;
  /** FIRM_TIME_ZONE, the calendar the counters' days are in. */
  timeZone: string;
  /** VAPI_CALL_RETENTION_DAYS and Vapi's API (with the private key): the demo's call records at Vapi. Absent: that job does nothing. */
  vapiCalls?: VapiDeletion | undefined;
};

export type PurgeJob = {
  /** What it deletes, as the log counts it. */
  name: string;
  /**
   * Deletes what is due at `now`; returns how many, the line `npm run purge` prints, and a warning
   * when something due could not be deleted (the run goes on; it is tried again the next day).
   */
  run(store: Store, settings: RetentionSettings, now: Date): Promise<{ deleted: number; line: string; warning?: string | undefined }>;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const PURGE_JOBS: readonly PurgeJob[] = [
  {
    // With them go their notification jobs, which hold a copy of the lead (store.purgeContacts).
    name: 'contact requests',
    async run(store, { contactDays }, now) {
      const before = new Date(now.getTime() - contactDays * DAY_MS);
      const deleted = await store.purgeContacts(before);
      return { deleted, line: `Deleted ${plural(deleted, 'contact request')} received before ${before.toISOString()} (older than ${contactDays} days).` };
    },
  },
  {
    // Double opt-in: an address never confirmed never consented. Their confirmation e-mails go too.
    name: 'unconfirmed newsletter sign-ups',
    async run(store, _settings, now) {
      const deleted = await store.purgePendingSubscriptions(now);
      return { deleted, line: `Deleted ${plural(deleted, 'newsletter sign-up')} not confirmed within ${PENDING_SUBSCRIPTION_DAYS} days.` };
    },
  },
  {
    // The site's figures: counters per day, kept STATS_RETENTION_DAYS (docs/stats.md).
    name: 'site statistics',
    async run(store, { statsDays, timeZone }, now) {
      const before = addDays(dayOf(now, timeZone), -statsDays);
      const deleted = await store.purgeStats(before);
      return { deleted, line: `Deleted ${plural(deleted, 'daily counter')} of the site's figures for days before ${before} (older than ${statsDays} days).` };
    },
  },
  {
    // The demo's call records in the firm's account at Vapi, VAPI_CALL_RETENTION_DAYS after each call,
    // then their ids here (voice/call-deletion.ts). Before the next job: a row past STATS_RETENTION_DAYS
    // has its record at Vapi asked for before it goes.
    name: 'demo call records at Vapi',
    async run(store, { vapiCalls, statsDays, timeZone }, now) {
      if (!vapiCalls) return { deleted: 0, line: 'Did not ask Vapi to delete any demo call record (not configured here).' };
      const outcome = await deleteDemoCallsAtVapi(store, vapiCalls, { now, today: dayOf(now, timeZone), statsDays });
      return {
        deleted: outcome.deleted,
        line: `Deleted ${plural(outcome.deleted, 'demo call record')} at Vapi (older than ${vapiCalls.days} days) and dropped ${plural(outcome.forgotten, 'call id')}.`,
        warning: outcome.warning,
      };
    },
  },
  {
    // The voice demo: the networks its sessions went to, at the end of their day; its calls' records
    // (Vapi's call id among them) with the figures, after STATS_RETENTION_DAYS.
    name: 'voice demo records',
    async run(store, { statsDays, timeZone }, now) {
      const callsBefore = new Date(now.getTime() - statsDays * DAY_MS);
      const { holds, calls } = await store.purgeVoice({ today: dayOf(now, timeZone), callsBefore });
      return {
        deleted: holds + calls,
        line: `Deleted ${plural(holds, 'demo session')} of days before today and ${plural(calls, 'demo call record')} started before ${callsBefore.toISOString()} (older than ${statsDays} days).`,
      };
    },
  },
  {
    // The limits' counters (a keyed hash of an address, a network in clear) and the spent proofs,
    // at their window's end even on a day nobody posts: counting sweeps them only as it counts.
    name: 'expired limit counters',
    async run(store, _settings, now) {
      const deleted = await store.purgeExpiredCounters(now);
      return { deleted, line: `Deleted ${plural(deleted, 'expired limit counter')} (spent proofs included).` };
    },
  },
];

export type PurgeReport = { name: string; deleted: number; line: string; warning?: string | undefined };

/** Runs every job of the list, in order; a failure stops the run (StoreUnavailableError). */
export async function runPurgeJobs(store: Store, settings: RetentionSettings, now: Date): Promise<PurgeReport[]> {
  const reports: PurgeReport[] = [];
  for (const job of PURGE_JOBS) reports.push({ name: job.name, ...(await job.run(store, settings, now)) });
  return reports;
}
