import rateLimit from '@fastify/rate-limit';
import type { RateLimit } from '../config';
import { RateLimitedError } from '../http-errors';
import { appWide } from './app-wide';

/**
 * Per-client-address limits for the form posts only (routes opt in with `config.rateLimit`;
 * the page and assets are never limited). The address is request.ip, which honours
 * X-Forwarded-For only from the proxies listed in TRUST_PROXY. Counters live in memory: fine
 * for one process; several instances would need a shared store.
 */
export const rateLimitPlugin = appWide(async (app) => {
  await app.register(rateLimit, {
    global: false,
    // The plugin has already set Retry-After; the error handler turns this into the JSON answer.
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.ceil(context.ttl / 1000)),
  });
});

export function routeRateLimit(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.windowSeconds * 1000 };
}
