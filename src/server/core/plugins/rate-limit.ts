import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../config';
import { RateLimitedError } from '../http-errors';
import { type LimitWarning, limitWarning } from '../limit-warnings';
import { clientOf } from '../network';
import fp from 'fastify-plugin';

/**
 * Per-client limits for the form posts, the proof-of-work challenges and the newsletter's links
 * (routes opt in with `config.rateLimit`; the page and assets are never limited). A client is an
 * IPv4 address or an IPv6 /64 (clientOf: one subscriber holds a whole /64), of request.ip, which
 * honours X-Forwarded-For only from the proxies listed in TRUST_PROXY.
 *
 * The counters are rows of `rate_counters` on both engines, keyed by a keyed hash of the client
 * (store.hitClient: no address in the database): every instance on one PostgreSQL counts the same
 * posts, so a client alternating between them gets its limit once, not once per instance; and no
 * number of other clients can push a client's count out to give it a fresh window (an in-memory
 * store has to forget someone when it is full, and a few thousand requests from other /64s fill
 * it). One upsert per limited request (an fsync on SQLite).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const warnings = new Map<string, LimitWarning>();
    await app.register(rateLimit, {
      global: false,
      store: databaseStore(app),
      skipOnError: true,
      keyGenerator: (request) => clientOf(request.ip),
      // One warning a minute per route, not a line per refusal.
      onExceeded: (request) => {
        const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
        let warning = warnings.get(route);
        if (!warning) {
          warning = limitWarning(app.log, 'per-client rate limit', 'that client gets 429 until its window ends; others are not affected', { route });
          warnings.set(route, warning);
        }
        warning.reached(clientOf(request.ip));
      },
      // The plugin has already set Retry-After; the error handler turns this into the JSON answer.
      errorResponseBuilder: (_request, context) => new RateLimitedError(Math.ceil(context.ttl / 1000)),
    });
  },
  { name: 'rate-limit', dependencies: ['storage'] },
);

export function routeRateLimit(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.windowSeconds * 1000 };
}

/**
 * A store for @fastify/rate-limit on the database (store.hitClient: one atomic upsert per request), with
 * the fixed window its own in-memory store has. While the database cannot be reached the request
 * is let through (`skipOnError`): it then gets the route's own 503. Expired counters are deleted
 * (store.hit sweeps them at most once a minute).
 */
function databaseStore(app: FastifyInstance): FastifyRateLimitStoreCtor {
  const storeFor = (scope: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      const store = app.storage.current();
      if (!store) return callback(new Error('storage is not open'));
      store.hitClient(scope, key, timeWindow).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    },
    // One counter per route (as the in-memory store keeps one map per route).
    child: (params) => {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return storeFor(`${String(route?.method ?? '')} ${route?.url ?? ''}`);
    },
  });
  // The plugin calls `new store(options)`: a function returning an object serves as that constructor.
  return function globalStore() {
    return storeFor('global');
  } as unknown as FastifyRateLimitStoreCtor;
}
