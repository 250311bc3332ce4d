import type { FastifyInstance } from 'fastify';
import { SiteGoneError } from '../http-errors';
import { StoreNotWritableError, StoreUnavailableError } from '../store';

/**
 * GET /api/health, for load balancers, supervisors and scripts: {ok:true} when the database
 * answers and can take writes; 503 not_configured, or 503 unavailable (with `writable: false` when
 * it answers but cannot commit a write: a full disk, a read-only database). The cause is in the
 * request's log line.
 *
 * GET /api/health?live: {ok:true} whenever this process answers and can serve its page, whatever the
 * database says: what Caddy asks (deploy/Caddyfile) to take an instance that stopped answering
 * out of rotation, without taking the page down with the database (its forms then say 503
 * themselves). 503 unavailable once the site folder it started with is gone (a release deleted
 * under it): every page would be a 404, so the instance must leave the rotation.
 */
export async function healthRoute(app: FastifyInstance, { sitePresent }: { sitePresent?: (() => boolean) | undefined }) {
  app.route<{ Querystring: { live?: string } }>({
    method: 'GET',
    url: '/api/health',
    handler: async (request) => {
      if (sitePresent && !sitePresent()) throw new SiteGoneError();
      if (request.query.live !== undefined) return { ok: true };
      const health = await app.storage.get().health();
      if (health.status === 'unreachable') throw new StoreUnavailableError(health.cause);
      if (health.status === 'cannot_write') throw new StoreNotWritableError(health.cause);
      return { ok: true };
    },
  });
}
