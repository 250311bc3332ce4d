import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { API_ERRORS, apiSuccessSchema } from '../../contracts/responses';
import { LeadsWaitingError, SiteGoneError } from '../core/http-errors';
import { StoreNotWritableError, StoreUnavailableError } from '../core/database/errors';
import type { ZodMiniTypeProvider } from '../core/validation';
import type { DatabaseStore } from '../core/database/open';
import type { StoreAccess } from '../core/plugins/storage';
import type { OutboxStore } from './store';

/** What the health check reads: the database's health and reserve, and the outbox's promise. */
export type HealthStore = Pick<DatabaseStore, 'health' | 'checkSubmission'> & OutboxStore;

/**
 * GET /api/health, for supervisors, monitoring and scripts: {ok:true} when the database answers
 * and can take writes, its disk has STORAGE_RESERVE free, and every lead reaches the firm within
 * the promise. Otherwise 503: not_configured; unavailable (with `writable: false` when it answers
 * but cannot commit a write: a full disk, a read-only database; without it when the free space is
 * under the reserve, as leads then get); or leads_waiting, when a lead has waited longer than
 * LEAD_DELIVERY_PROMISE_MS (outbox/promise.ts) to be in the firm's hands by e-mail or
 * webhook. The cause is in the request's log line.
 *
 * How long the oldest lead not yet delivered has waited, in whole seconds, is in the 200 answer
 * and in leads_waiting's, `oldestUndeliveredLeadSeconds` (absent when the firm has every lead): a
 * monitor can warn before the promise breaks. The outbox is shared, so every instance gives the
 * same figure.
 *
 * GET /api/health?live: {ok:true} whenever this process answers and can serve its page, whatever the
 * database says: what Caddy asks (deploy/Caddyfile, `health_uri /api/health?live`) to take an
 * instance that stopped answering out of rotation, without taking the page down with the database
 * (its forms then say 503 themselves). 503 unavailable once the site folder it started with is
 * gone (a release deleted under it): every page would be a 404, so the instance must leave the
 * rotation. The full answer's 503s never take an instance or the site down (leads_waiting above
 * all: the forms still store new leads, and the fix is the outbox's channels, not another
 * instance): Caddy asks only ?live, with no passive checks that would count them.
 *
 * While e-mail to the firm is failing (its relay refuses or does not answer: outbox/email-state.ts),
 * the answer says since when, `emailFailingSince`, and nothing more (this route is public; the
 * relay's answer is in the log and `npm run deliveries`). Failing e-mail alone keeps the status:
 * while the webhook brings the firm its leads, they are in its hands; once they wait past the
 * promise, leads_waiting says it.
 */
const healthSchema = z.extend(apiSuccessSchema, {
  emailFailingSince: z.optional(z.string()),
  oldestUndeliveredLeadSeconds: z.optional(z.number()),
});

export async function healthRoute(
  app: FastifyInstance,
  { store: access, sitePresent }: { store: StoreAccess<HealthStore>; sitePresent?: (() => boolean) | undefined },
) {
  app.withTypeProvider<ZodMiniTypeProvider>().route<{ Querystring: { live?: string } }>({
    method: 'GET',
    url: '/api/health',
    schema: { response: { 200: healthSchema, ...API_ERRORS } },
    handler: async (request) => {
      if (sitePresent && !sitePresent()) throw new SiteGoneError();
      if (request.query.live !== undefined) return { ok: true };
      const store = access.get();
      const health = await store.health();
      if (health.status === 'unreachable') throw new StoreUnavailableError(health.cause);
      if (health.status === 'cannot_write') throw new StoreNotWritableError(health.cause);
      // Below STORAGE_RESERVE every lead gets 503: so does the health check (StorageReserveError).
      await store.checkSubmission(undefined);
      const [emailFailing, waiting] = await Promise.all([store.deliveries.emailFailing(), store.deliveries.oldestUndeliveredLead()]);
      if (waiting?.overdue) throw new LeadsWaitingError(waiting.ageSeconds, emailFailing?.since);
      return {
        ok: true as const,
        ...(emailFailing ? { emailFailingSince: emailFailing.since } : {}),
        ...(waiting ? { oldestUndeliveredLeadSeconds: waiting.ageSeconds } : {}),
      };
    },
  });
}
