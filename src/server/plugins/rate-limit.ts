import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../config';
import { RateLimitedError } from '../http-errors';
import { appWide } from './app-wide';

/**
 * Per-client-address limits for the form posts, the proof-of-work challenges and the newsletter's
 * links (routes opt in with `config.rateLimit`; the page and assets are never limited). The address
 * is request.ip, which honours X-Forwarded-For only from the proxies listed in TRUST_PROXY.
 *
 * `shared` (PostgreSQL, DATABASE_URL set): the counters are rows of `rate_counters`, so every
 * instance behind a load balancer counts the same posts, and an address alternating between them
 * gets its limit once, not once per instance. On SQLite (one instance) they stay in memory.
 */
export const rateLimitPlugin = appWide<{ shared: boolean }>(async (app, { shared }) => {
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: databaseStore(app), skipOnError: true } : {}),
    // The plugin has already set Retry-After; the error handler turns this into the JSON answer.
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.ceil(context.ttl / 1000)),
  });
});

export function routeRateLimit(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.windowSeconds * 1000 };
}

/**
 * A store for @fastify/rate-limit on the database (store.hit: one atomic upsert per request), with
 * the fixed window its own in-memory store has. While the database cannot be reached the request
 * is let through (`skipOnError`): it then gets the route's own 503.
 */
function databaseStore(app: FastifyInstance): FastifyRateLimitStoreCtor {
  const storeFor = (scope: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      const store = app.storage.current();
      if (!store) return callback(new Error('storage is not open'));
      store.hit(`rate:${scope}:${key}`, timeWindow).then(
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
