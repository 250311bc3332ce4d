import type { ServerConfig } from '../core/config';
import type { StatsDigestData } from '../../contracts/lead-event';
import { DIGEST_WEEK_SETTING } from './repository';
import type { FiguresStore } from './store';
import type { StoreAccess } from '../core/plugins/storage';
import type { FastifyInstance } from 'fastify';
import { addDays, localTime, mondayOf, weekFrom } from '../core/calendar';
import { DIGEST_SINCE_SETTING } from './digest';
import { type Schedule, runPeriodically } from '../core/plugins/periodic';

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

/** How far back a first look for a digest looks for counts, to tell a new installation from a site that ran without the digest. */
const RAN_BEFORE_DAYS = 56;

/**
 * A database that never had a digest (the settings row is missing): the week before this one
 * counts as sent, so this week's goes out next Monday (not the week before the site ran, nor a
 * week later). When nothing was counted before today, the site was installed today: its first
 * digest says it covers the days since (./digest.ts). Several instances: one records it.
 */
async function startDigests(store: FiguresStore, day: string): Promise<'first' | 'already' | 'queued'> {
  const outcome = await store.queueDigest(weekFrom(addDays(mondayOf(day), -7)));
  if (outcome === 'first' && (await store.statsRows(addDays(day, -RAN_BEFORE_DAYS), addDays(day, -1))).length === 0) {
    await store.saveSetting(DIGEST_SINCE_SETTING, day);
  }
  return outcome;
}

/**
 * The weekly digest of the site's figures (src/server/figures/digest.ts), e-mailed to
 * NOTIFY_EMAIL_TO on Monday morning. Every few minutes, and 30 s after start-up, it looks whether
 * the last whole week's digest was queued (a settings row, shared by every instance and restart):
 * if not, it queues it in the outbox, whose worker sends it and retries it while the SMTP relay
 * is down. A server that was not running on Monday morning sends it as soon as it runs; several
 * instances send it once (store.queueDigest); a new installation's first is of the days it ran
 * (startDigests). Off with STATS_DIGEST=off, or without SMTP_URL.
 */
export function queueDigestsPeriodically(
  app: FastifyInstance,
  {
    store: access,
    config,
    schedule: overrides,
  }: { store: StoreAccess<FiguresStore>; config: Pick<ServerConfig, 'stats' | 'notifications'>; schedule?: Partial<DigestSchedule> | undefined },
): void {
  const log = app.log.child({ component: 'stats-digest' });
  if (!config.stats.digest || !config.notifications.email) {
    log.debug(config.stats.digest ? 'weekly digest: no e-mail configured (SMTP_URL)' : 'weekly digest: off (STATS_DIGEST)');
    return;
  }
  const schedule = { ...DEFAULT_SCHEDULE, ...overrides };
  const { timeZone } = config.notifications;
  async function queueIfDue() {
    const store = access.current();
    if (!store) return;
    const now = schedule.now();
    const week = dueWeek(now, timeZone);
    try {
      const first = (await store.setting(DIGEST_WEEK_SETTING)) === undefined;
      const { day } = localTime(now, timeZone);
      const outcome = first ? await startDigests(store, day) : await store.queueDigest(week);
      if (outcome === 'queued') {
        log.info({ week: week.from }, 'weekly digest queued');
        app.outbox.nudge();
      } else if (outcome === 'first') {
        log.info({ firstDigest: addDays(mondayOf(day), 7) }, 'weekly digest: first run here; the first digest, of this week, goes out on the Monday named');
      }
    } catch (error) {
      log.warn({ err: error }, 'weekly digest: could not look whether it is due; trying again at the next check');
    }
  }

  // Registered after the storage plugin: runs before the database closes.
  runPeriodically(app, schedule, queueIfDue);
}
