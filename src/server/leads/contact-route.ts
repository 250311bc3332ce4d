import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contracts/api';
import { contactRequestSchema } from '../../contracts/contact';
import { API_ERRORS, apiSuccessSchema } from '../../contracts/responses';
import type { RateLimit } from '../core/config';
import { routeRateLimit } from '../core/plugins/rate-limit';
import type { ZodMiniTypeProvider } from '../core/validation';
import { CREATED, caughtByHoneypot, admitSubmission, submissionOrigin } from '../core/submission';
import type { StoreAccess } from '../core/plugins/storage';
import type { ContactsRepository } from './repository';

/** POST /api/contact: stores one contact request. 201 {ok:true}; 400 invalid_proof without a good proof of work. */
export async function contactRoute(app: FastifyInstance, options: { store: StoreAccess<ContactsRepository>; rateLimit: RateLimit; proofRequired: boolean }) {
  app
    .withTypeProvider<ZodMiniTypeProvider>()
    .post(
      API_PATHS.contact,
      { schema: { body: contactRequestSchema, response: { 201: apiSuccessSchema, ...API_ERRORS } }, config: { rateLimit: routeRateLimit(options.rateLimit) } },
      async (request, reply) => {
        const { website, altcha, ...contact } = request.body;
        if (caughtByHoneypot(request, website)) return reply.code(201).send(CREATED);
        await admitSubmission(app, request, altcha, options.proofRequired);
        await options.store.get().insertContact({ ...contact, ...submissionOrigin(request) });
        app.outbox.nudge();
        return reply.code(201).send(CREATED);
      },
    );
}
