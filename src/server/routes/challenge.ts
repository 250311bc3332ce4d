import type { FastifyInstance } from 'fastify';
import { CHALLENGE_PATH, NO_PROOF_NEEDED } from '../../contracts/proof-of-work';
import type { RateLimit } from '../config';
import { routeRateLimit } from '../plugins/rate-limit';
import { issueChallenge } from '../proof-of-work';
import { proofSecretsOf } from './submission';

/**
 * GET /api/challenge: a new signed ALTCHA challenge (altcha-lib's JSON, `{ parameters, signature }`),
 * good for one form post within PROOF_LIFETIME_MS. With PROOF_OF_WORK off, 200 NO_PROOF_NEEDED
 * (`{ required: false }`), which tells the page to send its posts without a proof: an answer, not
 * an error the browser would log. Never cached.
 */
export async function challengeRoute(app: FastifyInstance, options: { rateLimit: RateLimit; maxAttempts: number; required: boolean }) {
  app.get(CHALLENGE_PATH, { config: { rateLimit: routeRateLimit(options.rateLimit) } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!options.required) return reply.send(NO_PROOF_NEEDED);
    return reply.send(await issueChallenge(await proofSecretsOf(app.storage.get()), options.maxAttempts));
  });
}
