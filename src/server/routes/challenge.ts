import type { FastifyInstance } from 'fastify';
import { CHALLENGE_PATH, NO_PROOF_NEEDED } from '../../contracts/proof-of-work';
import { API_ERRORS, challengeSchema } from '../../contracts/responses';
import type { RateLimit } from '../config';
import { routeRateLimit } from '../plugins/rate-limit';
import { issueChallenge } from '../proof-of-work';
import type { ZodMiniTypeProvider } from '../validation';
import { proofSecretsOf } from './submission';

/**
 * GET /api/challenge: a new signed ALTCHA challenge (altcha-lib's JSON, `{ parameters, signature }`),
 * good for one form post within PROOF_LIFETIME_MS. With PROOF_OF_WORK off, 200 NO_PROOF_NEEDED
 * (`{ required: false }`), which tells the page to send its posts without a proof: an answer, not
 * an error the browser would log. Never cached.
 */
export async function challengeRoute(app: FastifyInstance, options: { rateLimit: RateLimit; maxAttempts: number; required: boolean }) {
  const schema = { response: { 200: challengeSchema, ...API_ERRORS } };
  app
    .withTypeProvider<ZodMiniTypeProvider>()
    .get(CHALLENGE_PATH, { schema, config: { rateLimit: routeRateLimit(options.rateLimit) } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!options.required) return reply.send(NO_PROOF_NEEDED);
      const { parameters, signature } = await issueChallenge(await proofSecretsOf(app.storage.get()), options.maxAttempts);
      // Always signed (the HMAC secrets are given); the type allows an unsigned one.
      if (!signature) throw new Error('altcha-lib returned an unsigned challenge');
      return reply.send({ parameters: { ...parameters }, signature });
    });
}
