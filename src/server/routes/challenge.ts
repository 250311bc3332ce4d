import type { FastifyInstance } from 'fastify';
import { CHALLENGE_PATH } from '../../contracts/proof-of-work';
import type { RateLimit } from '../config';
import { routeRateLimit } from '../plugins/rate-limit';
import { issueChallenge } from '../proof-of-work';
import { proofSecretsOf } from './submission';

/**
 * GET /api/challenge: a new signed ALTCHA challenge (altcha-lib's JSON, `{ parameters, signature }`),
 * good for one form post within PROOF_LIFETIME_MS. Registered only while PROOF_OF_WORK is on (404
 * otherwise, which tells the page to send its posts without a proof). Never cached.
 */
export async function challengeRoute(app: FastifyInstance, options: { rateLimit: RateLimit; maxAttempts: number }) {
  app.get(CHALLENGE_PATH, { config: { rateLimit: routeRateLimit(options.rateLimit) } }, async (_request, reply) => {
    const challenge = await issueChallenge(await proofSecretsOf(app.storage.get()), options.maxAttempts);
    return reply.header('cache-control', 'no-store').send(challenge);
  });
}
