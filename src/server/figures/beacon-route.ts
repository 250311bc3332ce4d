import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { API_PATHS } from '../../contracts/api';
import type { StatsBeacon } from '../../contracts/stats';
import { API_ERRORS, apiSuccessSchema } from '../../contracts/responses';
import { statsBeaconSchema } from '../../contracts/stats-beacon';
import { PayloadError } from '../core/http-errors';
import { clientOf, networkOf } from '../core/network';
import { dayOf } from '../core/calendar';
import { STATS_CAMPAIGNS_MAX } from '../core/config/env-schema';
import type { StoreAccess } from '../core/plugins/storage';
import { OTHER_CAMPAIGNS, type PageCount } from './repository';
import type { FiguresStore } from './store';
import type { ZodMiniTypeProvider } from '../core/validation';

export type StatsRouteOptions = {
  store: StoreAccess<FiguresStore>;
  /** FIRM_TIME_ZONE: the counters' days are the firm's. */
  timeZone: string;
  /** How often the counts taken in memory are written (tests shorten it). */
  flushMs?: number | undefined;
  /** STATS_CAMPAIGNS: the campaigns counted by name; any other counts as "other campaigns". */
  campaigns: readonly string[];
};

/**
 * Beacons are added up in memory and written once a second, in one transaction: a write per
 * beacon would cost a commit each (SQLite's fsync, synchronous=FULL), and a flood from many
 * addresses would make the leads' writes wait behind it (figures: docs/performance.md). A crash
 * loses at most that second's counts; a stop writes them.
 */
const FLUSH_MS = 1_000;

/** A beacon is a few dozen bytes; anything much larger is not one. */
const BEACON_BYTES = 512;
/**
 * Beacons counted per client (an IPv4 address or IPv6 /64) per minute: a visit sends at most a
 * handful (a view, the demo seen, "Call Me", the form started), a few visitors behind one office
 * address a few handfuls; a script repeating one gets no further. Held in this process's memory
 * only: the address is never written anywhere, not even in rate_counters.
 */
export const BEACONS_PER_MINUTE = 10;
/**
 * Beacons counted per network (an IPv4 /24 or IPv6 /48) per minute: a few visitors' worth. A /48
 * holds 65,536 /64s, each its own client: without a share per network, a few hundred of them could
 * count a day's views by the thousand in seconds.
 */
export const BEACONS_PER_NETWORK_PER_MINUTE = 3 * BEACONS_PER_MINUTE;
/**
 * Distinct campaigns the store counts per day, the rest together: the firm's list (STATS_CAMPAIGNS)
 * is no longer, so it only guards the table against a writer that skips that list.
 */
export const CAMPAIGNS_PER_DAY = STATS_CAMPAIGNS_MAX;
/** Clients remembered in one minute: past it, a flood from very many addresses is not counted until the next minute. */
const CLIENTS_PER_MINUTE = 100_000;

/**
 * POST /api/stats: the page's counting beacon (src/web/lib/count/), text/plain JSON as
 * `navigator.sendBeacon` sends it, one event and its dimensions (src/contracts/stats.ts). 202
 * {ok:true} when counted or deliberately not counted (a crawler, a headless browser, a post from
 * another site, a client past BEACONS_PER_MINUTE, a network past BEACONS_PER_NETWORK_PER_MINUTE);
 * 400 for anything that is not a beacon.
 */
export async function statsRoute(app: FastifyInstance, options: StatsRouteOptions) {
  // The /api scope takes JSON only; a beacon's string is text/plain (a type that needs no CORS preflight).
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BEACON_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new PayloadError([{ path: [], message: 'invalid' }]), undefined);
    }
  });
  const flood = floodGate(BEACONS_PER_MINUTE);
  const networkFlood = floodGate(BEACONS_PER_NETWORK_PER_MINUTE);
  const pending = pendingCounts(new Set(options.campaigns));
  let flushing: Promise<void> | undefined;
  async function flush() {
    const store = options.store.current();
    if (!store || flushing) return;
    const counts = pending.take();
    if (counts.length === 0) return;
    flushing = store
      .addPageCounts(counts, CAMPAIGNS_PER_DAY)
      .catch((error: unknown) => {
        // The database is down: the counts wait for the next try (a few hundred keys at most).
        pending.putBack(counts);
        app.log.warn({ err: error, component: 'stats' }, 'site figures: counts not written; trying again');
      })
      .finally(() => (flushing = undefined));
    await flushing;
  }
  const timer = setInterval(() => void flush(), options.flushMs ?? FLUSH_MS);
  timer.unref();
  // Registered after the storage plugin: the last counts are written before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flushing;
    await flush();
  });

  app
    .withTypeProvider<ZodMiniTypeProvider>()
    .post(API_PATHS.stats, { schema: { body: statsBeaconSchema, response: { 202: apiSuccessSchema, ...API_ERRORS } } }, async (request, reply) => {
      // Past the client's share, or while the database is away (the counts wait in memory), the
      // answer is the same: a beacon's answer is read by no one, and an error status would only put
      // a "Failed to load resource" line in the visitor's console.
      if (countable(request) && flood.admit(clientOf(request.ip)) && networkFlood.admit(networkOf(request.ip)))
        pending.add(dayOf(new Date(), options.timeZone), request.body);
      return reply.code(202).header('cache-control', 'no-store').send({ ok: true });
    });
}

/**
 * Whether a beacon counts: not from a known crawler or headless browser (isbot's list, which
 * names HeadlessChrome, Lighthouse and the like), nor without a browser's agent, nor sent by a page
 * of another site (the browser says so in Sec-Fetch-Site). The agent is read here and forgotten.
 */
function countable(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'] ?? '';
  if (agent.trim() === '' || isbot(agent)) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin';
}

/** At most `perMinute` per key in each calendar minute: whether this one is admitted. */
export function floodGate(perMinute: number, now: () => number = Date.now) {
  let minute = -1;
  const counts = new Map<string, number>();
  return {
    admit(key: string): boolean {
      const at = now();
      const current = Math.floor(at / 60_000);
      if (current !== minute) {
        minute = current;
        counts.clear();
      }
      const count = (counts.get(key) ?? 0) + 1;
      const full = counts.size >= CLIENTS_PER_MINUTE && !counts.has(key);
      if (count > perMinute || full) return false;
      counts.set(key, count);
      return true;
    },
  };
}

/**
 * The counts taken since the last write, one per day, event and dimensions. A campaign the firm
 * did not name in STATS_CAMPAIGNS is counted as "other campaigns" (OTHER_CAMPAIGNS): a
 * utm_campaign made for one recipient would otherwise count that person's visits by name.
 */
function pendingCounts(campaigns: ReadonlySet<string>) {
  let counts = new Map<string, PageCount>();
  const add = (day: string, beacon: StatsBeacon, count: number) => {
    const campaign = beacon.c === undefined || beacon.c === OTHER_CAMPAIGNS || campaigns.has(beacon.c) ? beacon.c : OTHER_CAMPAIGNS;
    const key = JSON.stringify([day, beacon.e, beacon.l, beacon.d, beacon.r, campaign ?? '']);
    const entry = counts.get(key);
    if (entry) entry.count += count;
    else counts.set(key, { day, beacon: { ...beacon, ...(campaign === undefined ? {} : { c: campaign }) }, count });
  };
  return {
    add: (day: string, beacon: StatsBeacon) => add(day, beacon, 1),
    take(): PageCount[] {
      const taken = [...counts.values()];
      counts = new Map();
      return taken;
    },
    putBack(taken: readonly PageCount[]) {
      for (const entry of taken) add(entry.day, entry.beacon, entry.count);
    },
  };
}
