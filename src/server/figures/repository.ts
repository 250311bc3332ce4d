import type { StatsBeacon, StatsEvent } from '../../contracts/stats';
import type { StoreContext } from '../core/database/context';
import { type Dimensions, countStat } from '../core/database/counting';
import type { StatsDigestData } from '../../contracts/lead-event';
import { enqueue } from '../core/database/outbox';

/**
 * The firm's figures (docs/stats.md): counters per day and dimension, with no identifier. The
 * page's events come through addPageCounts (POST /api/stats, a second's worth at a time); the database's own (a lead, a
 * sign-up) are counted by countStat inside the transaction that writes them, so a figure moves
 * exactly when the record is committed.
 */
export interface StatsRepository {
  /**
   * Adds each count to its day's counter of that beacon's event and dimensions, in one
   * transaction. A campaign its day has not seen yet, once the day has `campaignsPerDay` of them,
   * is counted as OTHER_CAMPAIGNS: made-up values cannot grow the table past that.
   */
  addPageCounts(counts: readonly PageCount[], campaignsPerDay: number): Promise<void>;
  /** Every counter of the days from `from` to `to`, both included. */
  statsRows(from: string, to: string): Promise<StatsRow[]>;
  /**
   * Queues the weekly digest of `week` (an e-mail job of the outbox, so it is retried like any
   * notification) unless that week's, or a later one's, was queued already by any instance: a
   * conditional update of the DIGEST_WEEK_SETTING row decides, in the job's transaction (two
   * instances at once: the second's update finds the row changed and writes nothing). 'first' on a
   * database that never had a digest: the week is recorded, nothing sent (the next one is the first).
   */
  queueDigest(week: StatsDigestData): Promise<'queued' | 'already' | 'first'>;
  /** Deletes the counters of the days before `day`; returns how many rows. */
  purgeStats(beforeDay: string): Promise<number>;
}

export type StatsRow = Dimensions & { count: number };
export type PageCount = { day: string; beacon: StatsBeacon; count: number };

/** The Monday of the last week whose digest was queued, in `settings`. */
export const DIGEST_WEEK_SETTING = 'stats_digest_week';

/** The campaigns of a day past STATS_CAMPAIGNS_PER_DAY, together. */
export const OTHER_CAMPAIGNS = '*';

export function statsRepository({ db, write, policy }: StoreContext): StatsRepository {
  return {
    async addPageCounts(counts, campaignsPerDay) {
      if (counts.length === 0) return;
      await write(async (trx) => {
        const campaignsOf = new Map<string, Set<string>>();
        for (const { day, beacon, count } of counts) {
          let campaign = beacon.c ?? '';
          if (campaign !== '' && campaign !== OTHER_CAMPAIGNS) {
            let known = campaignsOf.get(day);
            if (!known) {
              const rows = await trx
                .selectFrom('site_stats')
                .select('campaign')
                .distinct()
                .where('day', '=', day)
                .where('campaign', 'not in', ['', OTHER_CAMPAIGNS])
                .execute();
              known = new Set(rows.map((row) => row.campaign));
              campaignsOf.set(day, known);
            }
            if (!known.has(campaign)) {
              if (known.size >= campaignsPerDay) campaign = OTHER_CAMPAIGNS;
              else known.add(campaign);
            }
          }
          await countStat(trx, { day, event: beacon.e, locale: beacon.l, device: beacon.d, referrer: beacon.r, campaign }, count);
        }
      });
    },

    async statsRows(from, to) {
      const rows = await db
        .selectFrom('site_stats')
        .select(['day', 'event', 'locale', 'device', 'referrer', 'campaign', 'count'])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ ...row, event: row.event as StatsEvent, count: Number(row.count) }));
    },

    async queueDigest(week) {
      let outcome: 'queued' | 'already' | 'first' = 'already';
      await write(async (trx) => {
        const first = await trx
          .insertInto('settings')
          .values({ name: DIGEST_WEEK_SETTING, value: week.from })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .returning('name')
          .executeTakeFirst();
        if (first) {
          outcome = 'first';
          return;
        }
        const claimed = await trx
          .updateTable('settings')
          .set({ value: week.from })
          .where('name', '=', DIGEST_WEEK_SETTING)
          .where('value', '<', week.from)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return;
        outcome = 'queued';
        await enqueue(trx, policy, { type: 'stats.digest', createdAt: new Date().toISOString(), data: week });
      });
      return outcome;
    },

    async purgeStats(beforeDay) {
      const deleted = await db.deleteFrom('site_stats').where('day', '<', beforeDay).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  };
}
