import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contracts/api';
import { contactRequestSchema } from '../../contracts/contact';
import type { RateLimit } from '../config';
import { routeRateLimit } from '../plugins/rate-limit';
import type { ZodMiniTypeProvider } from '../validation';
import { CREATED, caughtByHoneypot, submissionOrigin } from './submission';

/** POST /api/contact: stores one contact request. 201 {ok:true}. */
export async function contactRoute(app: FastifyInstance, options: { rateLimit: RateLimit }) {
  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.contact,
    { schema: { body: contactRequestSchema }, config: { rateLimit: routeRateLimit(options.rateLimit) } },
    async (request, reply) => {
      const { website, ...contact } = request.body;
      if (!caughtByHoneypot(request, website)) {
        await app.storage.get().insertContact({ ...contact, ...submissionOrigin(request) });
        app.deliveries.nudge();
      }
      return reply.code(201).send(CREATED);
    },
  );
}
