import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CHALLENGE_PATH, NO_PROOF_NEEDED } from '../../contracts/proof-of-work';
import { API_ERRORS, challengeSchema } from '../../contracts/responses';
import type { RateLimit } from './config';
import { RateLimitedError } from './http-errors';
import { networkOf } from './network';
import { apiScope } from './plugins/api-scope';
import { routeRateLimit } from './plugins/rate-limit';
import { issueChallenge } from './proof-of-work';
import type { ZodMiniTypeProvider } from './validation';
import { proofSecretsOf } from './submission';

/**
 * Challenges one network (an IPv4 /24, an IPv6 /48) may take per RATE_LIMIT_CHALLENGE window, as a
 * multiple of one client's: each costs the server a few milliseconds of CPU, and a /48 holds 65,536
 * clients (3,000 /64s asking at once raised a visitor's challenge from 12 to 380 ms).
 */
export const CHALLENGES_PER_NETWORK_FACTOR = 10;

/**
 * GET /api/challenge: a new signed ALTCHA challenge (altcha-lib's JSON, `{ parameters, signature }`),
 * good for one form post within PROOF_LIFETIME_MS. With PROOF_OF_WORK off, 200 NO_PROOF_NEEDED
 * (`{ required: false }`), which tells the page to send its posts without a proof: an answer, not
 * an error the browser would log. Never cached. 429 past RATE_LIMIT_CHALLENGE per client, or
 * CHALLENGES_PER_NETWORK_FACTOR times it per network (counted in the database, all instances).
 */
export async function challengeRoute(app: FastifyInstance, options: { rateLimit: RateLimit; maxAttempts: number; required: boolean }) {
  const schema = { response: { 200: challengeSchema, ...API_ERRORS } };
  app
    .withTypeProvider<ZodMiniTypeProvider>()
    .get(CHALLENGE_PATH, { schema, config: { rateLimit: routeRateLimit(options.rateLimit) } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!options.required) return reply.send(NO_PROOF_NEEDED);
      const { max, windowSeconds } = options.rateLimit;
      // As the per-client limit (skipOnError): while the database cannot count (a full disk), a challenge is still given.
      const network = await app.storage
        .get()
        .hitClient('challenges per network', networkOf(request.ip), windowSeconds * 1000)
        .catch(() => undefined);
      if (network && network.count > max * CHALLENGES_PER_NETWORK_FACTOR)
        throw new RateLimitedError(Math.max(1, Math.ceil((network.resetAt - Date.now()) / 1000)));
      const { parameters, signature } = await issueChallenge(await proofSecretsOf(app.storage.get()), options.maxAttempts);
      // Always signed (the HMAC secrets are given); the type allows an unsigned one.
      if (!signature) throw new Error('altcha-lib returned an unsigned challenge');
      return reply.send({ parameters: { ...parameters }, signature });
    });
}

/**
 * The proof of work every form and the voice demo's session ask for: GET /api/challenge in the
 * API's scope. A named plugin, so that the capabilities that check proofs (core/submission.ts)
 * say they need it.
 */
export const proofOfWorkPlugin = fp<{ rateLimit: RateLimit; maxAttempts: number; required: boolean }>(
  async (app, options) => {
    await apiScope(app, (api) => challengeRoute(api, options));
  },
  { name: 'proof-of-work', dependencies: ['storage', 'rate-limit'] },
);
