import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { API_ERRORS, apiSuccessSchema } from '../../contracts/responses';
import { SiteGoneError } from '../http-errors';
import { StoreNotWritableError, StoreUnavailableError } from '../store';
import type { ZodMiniTypeProvider } from '../validation';

/**
 * GET /api/health, for load balancers, supervisors and scripts: {ok:true} when the database
 * answers and can take writes, and its disk has STORAGE_RESERVE free; 503 not_configured, or 503
 * unavailable (with `writable: false` when it answers but cannot commit a write: a full disk, a
 * read-only database; without it when the free space is under the reserve, as leads then get). The cause is in the
 * request's log line.
 *
 * GET /api/health?live: {ok:true} whenever this process answers and can serve its page, whatever the
 * database says: what Caddy asks (deploy/Caddyfile) to take an instance that stopped answering
 * out of rotation, without taking the page down with the database (its forms then say 503
 * themselves). 503 unavailable once the site folder it started with is gone (a release deleted
 * under it): every page would be a 404, so the instance must leave the rotation.
 *
 * While e-mail to the firm is failing (its relay refuses or does not answer: store/outbox-email-state.ts),
 * the answer says since when, `emailFailingSince`, and nothing more (this route is public; the
 * relay's answer is in the log and `npm run deliveries`). The status stays the database's.
 */
const healthSchema = z.extend(apiSuccessSchema, { emailFailingSince: z.optional(z.string()) });

export async function healthRoute(app: FastifyInstance, { sitePresent }: { sitePresent?: (() => boolean) | undefined }) {
  app.withTypeProvider<ZodMiniTypeProvider>().route<{ Querystring: { live?: string } }>({
    method: 'GET',
    url: '/api/health',
    schema: { response: { 200: healthSchema, ...API_ERRORS } },
    handler: async (request) => {
      if (sitePresent && !sitePresent()) throw new SiteGoneError();
      if (request.query.live !== undefined) return { ok: true };
      const store = app.storage.get();
      const health = await store.health();
      if (health.status === 'unreachable') throw new StoreUnavailableError(health.cause);
      if (health.status === 'cannot_write') throw new StoreNotWritableError(health.cause);
      // Below STORAGE_RESERVE every lead gets 503: so does the health check (StorageReserveError).
      await store.checkSubmission(undefined);
      const emailFailing = await store.deliveries.emailFailing();
      return emailFailing ? { ok: true as const, emailFailingSince: emailFailing.since } : { ok: true as const };
    },
  });
}
