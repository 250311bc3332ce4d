import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { API_PATHS } from '../../contracts/api';
import { statsBeaconSchema } from '../../contracts/stats-beacon';
import { PayloadError, RateLimitedError } from '../http-errors';
import { clientOf } from '../network';
import { dayOf } from '../stats/calendar';
import type { ZodMiniTypeProvider } from '../validation';

export type StatsRouteOptions = {
  /** FIRM_TIME_ZONE: the counters' days are the firm's. */
  timeZone: string;
};

/** A beacon is a few dozen bytes; anything much larger is not one. */
const BEACON_BYTES = 512;
/**
 * Beacons counted per client (an IPv4 address or IPv6 /64) per minute: a visit sends at most a
 * handful (a view, the demo seen, "Call Me", the form started), a few visitors behind one office
 * address a few handfuls; a script repeating one gets no further. Held in this process's memory
 * only: the address is never written anywhere, not even in rate_counters.
 */
export const BEACONS_PER_MINUTE = 10;
/** Distinct campaigns counted per day; the rest are counted together, so made-up values cannot fill the table. */
export const CAMPAIGNS_PER_DAY = 20;
/** Clients remembered in one minute: past it, a flood from very many addresses is not counted until the next minute. */
const CLIENTS_PER_MINUTE = 100_000;

/**
 * POST /api/stats: the page's counting beacon (src/web/lib/count.ts), text/plain JSON as
 * `navigator.sendBeacon` sends it, one event and its dimensions (src/contracts/stats.ts). 202
 * {ok:true} when counted or deliberately not counted (a crawler, a headless browser, a post from
 * another site); 400 for anything that is not a beacon; 429 past BEACONS_PER_MINUTE for the client.
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

  app.withTypeProvider<ZodMiniTypeProvider>().post(API_PATHS.stats, { schema: { body: statsBeaconSchema } }, async (request, reply) => {
    if (countable(request)) {
      const wait = flood.admit(clientOf(request.ip));
      if (wait !== 0) throw new RateLimitedError(wait);
      await app.storage.get().countPageEvent(request.body, dayOf(new Date(), options.timeZone), CAMPAIGNS_PER_DAY);
    }
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

/** At most `perMinute` per key in each calendar minute; returns 0 when admitted, else the seconds until the next minute. */
export function floodGate(perMinute: number, now: () => number = Date.now) {
  let minute = -1;
  const counts = new Map<string, number>();
  return {
    admit(key: string): number {
      const at = now();
      const current = Math.floor(at / 60_000);
      if (current !== minute) {
        minute = current;
        counts.clear();
      }
      const count = (counts.get(key) ?? 0) + 1;
      const full = counts.size >= CLIENTS_PER_MINUTE && !counts.has(key);
      if (count > perMinute || full) return Math.max(1, Math.ceil(((current + 1) * 60_000 - at) / 1000));
      counts.set(key, count);
      return 0;
    },
  };
}
