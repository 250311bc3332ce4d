import type { StatsEvent } from '../../../contracts/stats';
import type { Runner } from './context';

/**
 * The write side of the firm's figures, which every capability counts through inside the
 * transaction that writes its record (a lead, a sign-up), so that a figure moves exactly when the
 * record is committed. The figures capability reads them (figures/repository.ts).
 */

/** What a figure is counted by: its day, its event, and the page's language, device, referrer and campaign ('' when not known). */
export type Dimensions = { day: string; event: StatsEvent; locale: string; device: string; referrer: string; campaign: string };

/** One more (or `count` more) of this event on this day with these dimensions, inside the caller's transaction. */
export async function countStat(runner: Runner, row: Dimensions, count = 1): Promise<void> {
  await runner
    .insertInto('site_stats')
    .values({ ...row, count })
    .onConflict((conflict) =>
      conflict.columns(['day', 'event', 'locale', 'device', 'referrer', 'campaign']).doUpdateSet((eb) => ({ count: eb('site_stats.count', '+', count) })),
    )
    .execute();
}

/** An event the database sees: only its language is known (the page's device and referrer are not sent with a lead). */
export const serverEvent = (day: string, event: StatsEvent, locale: string | null): Dimensions => ({
  day,
  event,
  locale: locale === 'fr' || locale === 'en' ? locale : '',
  device: '',
  referrer: '',
  campaign: '',
});
