import { z } from 'zod/mini';
import { LOCALES } from './locales';
import { CAMPAIGN, DEVICES, PAGE_EVENTS, REFERRERS, type StatsBeacon } from './stats';

/**
 * The beacon's schema, for the server (POST /api/stats). Apart from ./stats.ts, whose lists and
 * types the page's counting chunk imports without bringing zod along.
 */
export const statsBeaconSchema = z.strictObject({
  e: z.enum(PAGE_EVENTS),
  l: z.enum(LOCALES),
  d: z.enum(DEVICES),
  r: z.enum(REFERRERS),
  c: z.optional(z.string().check(z.regex(CAMPAIGN))),
});

// The schema and the type the page sends are the same shape.
export type CheckedBeacon =
  z.output<typeof statsBeaconSchema> extends StatsBeacon ? (StatsBeacon extends z.output<typeof statsBeaconSchema> ? true : never) : never;
export const BEACON_SHAPES_AGREE: CheckedBeacon = true;
