import { type RetentionSettings, runPurgeJobs } from './retention';
import { DAY_MS, HOUR_MS } from './core/time';
import fp from 'fastify-plugin';
import type { StoreAccess } from './core/plugins/storage';
import type { Store } from './store';
import { type Schedule, runPeriodically } from './core/plugins/periodic';

export type RetentionSchedule = Schedule;

const DEFAULT_SCHEDULE: RetentionSchedule = { firstCheckMs: 30_000, checkEveryMs: HOUR_MS, now: () => new Date() };
/** When the purge last completed, in `settings` (ISO time): shared by every instance and every restart. */
export const LAST_RUN_SETTING = 'retention_last_run';

/**
 * Retention without cron: the server deletes, once a day, what the privacy policy keeps no longer
 * (the jobs in src/server/retention.ts). Every hour it looks whether a day has passed since the
 * last completed run, recorded in the database, so restarts and deployments neither skip nor
 * repeat a day. Several instances on one PostgreSQL database: the look and the run happen under
 * an advisory lock, so only one instance purges at a time and the others find it done.
 * A failed run (database down) is logged and tried again at the next look.
 */
export const retentionPlugin = fp<{ store: StoreAccess<Store>; settings: RetentionSettings; schedule?: Partial<RetentionSchedule> | undefined }>(
  async (app, options) => {
    const schedule = { ...DEFAULT_SCHEDULE, ...options.schedule };
    const log = app.log.child({ component: 'retention' });

    async function purgeIfDue() {
      const store = options.store.current();
      if (!store) return;
      try {
        const outcome = await store.exclusively('retention', async () => {
          const now = schedule.now();
          const last = await store.setting(LAST_RUN_SETTING);
          if (last !== undefined && now.getTime() - Date.parse(last) < DAY_MS) return;
          const reports = await runPurgeJobs(store, options.settings, now);
          await store.saveSetting(LAST_RUN_SETTING, now.toISOString());
          log.info({ deleted: Object.fromEntries(reports.map((report) => [report.name, report.deleted])) }, 'retention: expired personal data deleted');
          // One line per job and run, however many of its items failed: it says how many and why.
          for (const report of reports) if (report.warning) log.warn({ job: report.name }, `retention: ${report.warning}`);
        });
        if (!outcome.ran) log.debug('retention: another instance is purging');
      } catch (error) {
        log.warn({ err: error }, 'retention: purge failed; trying again at the next check');
      }
    }

    // Registered after the storage plugin: runs before the database closes.
    runPeriodically(app, schedule, purgeIfDue);
  },
  { name: 'retention', dependencies: ['storage'] },
);
