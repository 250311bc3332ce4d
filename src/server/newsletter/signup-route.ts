import type { FastifyInstance } from 'fastify';
import type { ApiSuccess } from '../../contracts/api';
import { API_PATHS } from '../../contracts/api';
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_FORM, newsletterRequestSchema } from '../../contracts/newsletter';
import { API_ERRORS, apiSuccessSchema } from '../../contracts/responses';
import type { RateLimit } from '../core/config';
import { apiError } from '../core/http-errors';
import { routeRateLimit } from '../core/plugins/rate-limit';
import type { ZodMiniTypeProvider } from '../core/validation';
import { CREATED, caughtByHoneypot, admitSubmission, submissionOrigin } from '../core/submission';
import type { StoreAccess } from '../core/plugins/storage';
import type { NewsletterStore } from './store';

/**
 * POST /api/newsletter: signs an address up. 201; 409 already_subscribed (a subscribed address).
 * Each subscription keeps its proof of consent (CASL): when, from which form and page, in which
 * language, the version of the consent wording the page showed beside the form, and how it was
 * given.
 * - With e-mail (SMTP_URL): double opt-in. The sign-up waits, and an e-mail in the visitor's
 *   language asks the address to confirm; only following its link subscribes
 *   (./links-route.ts). The answer is {ok:true, confirmation:'email'}.
 * - Without: the form's submission is the consent (anyone can sign up any address).
 * An address that had unsubscribed is subscribed again the same way, with new proof.
 */
export async function newsletterRoute(
  app: FastifyInstance,
  options: { store: StoreAccess<NewsletterStore>; rateLimit: RateLimit; doubleOptIn: boolean; proofRequired: boolean },
) {
  const created: ApiSuccess = options.doubleOptIn ? { ...CREATED, confirmation: 'email' } : CREATED;
  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.newsletter,
    {
      schema: { body: newsletterRequestSchema, response: { 201: apiSuccessSchema, ...API_ERRORS } },
      config: { rateLimit: routeRateLimit(options.rateLimit) },
    },
    async (request, reply) => {
      const { website, email, altcha } = request.body;
      if (caughtByHoneypot(request, website)) return reply.code(201).send(created);
      await admitSubmission(app, request, altcha, options.proofRequired);
      const store = options.store.get();
      const subscription = { email, ...submissionOrigin(request), consent: { form: NEWSLETTER_FORM, version: NEWSLETTER_CONSENT_VERSION } };
      const result = options.doubleOptIn ? await store.requestNewsletter(subscription) : await store.insertNewsletter(subscription);
      if (result === 'duplicate') return reply.code(409).send(apiError('already_subscribed'));
      request.logFields = { ...request.logFields, newsletter: result };
      app.outbox.nudge();
      return reply.code(201).send(created);
    },
  );
}
