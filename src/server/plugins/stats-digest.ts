import type { ServerConfig } from '../config';
import type { StatsDigestData } from '../../contracts/lead-event';
import { addDays, localTime, mondayOf, weekFrom } from '../stats/calendar';
import { appWide } from './app-wide';
import { type Schedule, runPeriodically } from './periodic';

export type DigestSchedule = Schedule;

/** Monday, this hour in FIRM_TIME_ZONE: the week before is complete, and the firm starts its week. */
export const DIGEST_HOUR = 7;
const DEFAULT_SCHEDULE: DigestSchedule = { firstCheckMs: 30_000, checkEveryMs: 5 * 60_000, now: () => new Date() };

/** The week whose digest is due at `now`: the last whole week, once Monday DIGEST_HOUR has come in `timeZone`. */
export function dueWeek(now: Date, timeZone: string): StatsDigestData {
  const { day, hour } = localTime(now, timeZone);
  const monday = mondayOf(day);
  return weekFrom(addDays(monday, day === monday && hour < DIGEST_HOUR ? -14 : -7));
}

/**
 * The weekly digest of the site's figures (src/server/stats/digest.ts), e-mailed to
 * NOTIFY_EMAIL_TO on Monday morning. Every few minutes, and 30 s after start-up, it looks whether
 * the last whole week's digest was queued (a settings row, shared by every instance and restart):
 * if not, it queues it in the outbox, whose worker sends it and retries it while the SMTP relay
 * is down. A server that was not running on Monday morning sends it as soon as it runs; several
 * instances send it once (store.queueDigest). Off with STATS_DIGEST=off, or without SMTP_URL.
 */
export const statsDigestPlugin = appWide<{ config: Pick<ServerConfig, 'stats' | 'notifications'>; schedule?: Partial<DigestSchedule> | undefined }>(
  async (app, { config, schedule: overrides }) => {
    const log = app.log.child({ component: 'stats-digest' });
    if (!config.stats.digest || !config.notifications.email) {
      log.debug(config.stats.digest ? 'weekly digest: no e-mail configured (SMTP_URL)' : 'weekly digest: off (STATS_DIGEST)');
      return;
    }
    const schedule = { ...DEFAULT_SCHEDULE, ...overrides };
    const { timeZone } = config.notifications;
    async function queueIfDue() {
      const store = app.storage.current();
      if (!store) return;
      const week = dueWeek(schedule.now(), timeZone);
      try {
        const outcome = await store.queueDigest(week);
        if (outcome === 'queued') {
          log.info({ week: week.from }, 'weekly digest queued');
          app.deliveries.nudge();
        } else if (outcome === 'first') {
          log.info(
            { week: week.from, firstDigest: addDays(week.from, 14) },
            'weekly digest: first run here, this week is the baseline; the first digest goes out on the Monday named',
          );
        }
      } catch (error) {
        log.warn({ err: error }, 'weekly digest: could not look whether it is due; trying again at the next check');
      }
    }

    // Registered after the storage plugin: runs before the database closes.
    runPeriodically(app, schedule, queueIfDue);
  },
);
