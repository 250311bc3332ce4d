import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { contactRoute } from './contact';
import { healthRoute } from './health';
import { newsletterRoute } from './newsletter';
import { type VoiceSessionOptions, voiceSessionRoute } from './voice-session';

/**
 * The /api routes, in their own scope: only they accept request bodies, and only JSON
 * (Fastify's default text/plain parser is removed, so any other type is 415 unsupported_body).
 * The body size limit (32 KiB) is the server-wide bodyLimit set in app.ts.
 */
export async function apiRoutes(
  app: FastifyInstance,
  options: { rateLimits: ServerConfig['rateLimits']; doubleOptIn: boolean; voiceSession: VoiceSessionOptions },
) {
  app.removeContentTypeParser('text/plain');
  await app.register(contactRoute, { rateLimit: options.rateLimits.contact });
  await app.register(newsletterRoute, { rateLimit: options.rateLimits.newsletter, doubleOptIn: options.doubleOptIn });
  await app.register(voiceSessionRoute, options.voiceSession);
  await app.register(healthRoute);
}
