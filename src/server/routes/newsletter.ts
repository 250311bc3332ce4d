import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contracts/api';
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_FORM, newsletterRequestSchema } from '../../contracts/newsletter';
import type { RateLimit } from '../config';
import { apiError } from '../http-errors';
import { routeRateLimit } from '../plugins/rate-limit';
import type { ZodMiniTypeProvider } from '../validation';
import { CREATED, caughtByHoneypot, submissionOrigin } from './submission';

/**
 * POST /api/newsletter: subscribes an address. 201 {ok:true}; 409 already_subscribed.
 * Each subscription keeps its proof of consent (CASL): when, from which form and page, in which
 * language, and the version of the consent wording that the page showed beside the form.
 * An address that had unsubscribed is subscribed again, with new proof.
 */
export async function newsletterRoute(app: FastifyInstance, options: { rateLimit: RateLimit }) {
  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.newsletter,
    { schema: { body: newsletterRequestSchema }, config: { rateLimit: routeRateLimit(options.rateLimit) } },
    async (request, reply) => {
      const { website, email } = request.body;
      if (caughtByHoneypot(request, website)) return reply.code(201).send(CREATED);
      const result = await app.storage.get().insertNewsletter({
        email,
        ...submissionOrigin(request),
        consent: { form: NEWSLETTER_FORM, version: NEWSLETTER_CONSENT_VERSION },
      });
      if (result === 'duplicate') return reply.code(409).send(apiError('already_subscribed'));
      app.deliveries.nudge();
      return reply.code(201).send(CREATED);
    },
  );
}
