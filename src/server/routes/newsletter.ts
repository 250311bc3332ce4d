import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contracts/api';
import { newsletterRequestSchema } from '../../contracts/newsletter';
import type { RateLimit } from '../config';
import { apiError } from '../http-errors';
import { routeRateLimit } from '../plugins/rate-limit';
import type { ZodMiniTypeProvider } from '../validation';
import { CREATED, caughtByHoneypot, submissionOrigin } from './submission';

/** POST /api/newsletter: subscribes an address. 201 {ok:true}; 409 already_subscribed. */
export async function newsletterRoute(app: FastifyInstance, options: { rateLimit: RateLimit }) {
  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.newsletter,
    { schema: { body: newsletterRequestSchema }, config: { rateLimit: routeRateLimit(options.rateLimit) } },
    async (request, reply) => {
      const { website, email } = request.body;
      if (caughtByHoneypot(request, website)) return reply.code(201).send(CREATED);
      const result = await app.storage.get().insertNewsletter({ email, ...submissionOrigin(request) });
      if (result === 'duplicate') return reply.code(409).send(apiError('already_subscribed'));
      app.deliveries.nudge();
      return reply.code(201).send(CREATED);
    },
  );
}
