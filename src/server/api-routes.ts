import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './core/config';
import { challengeRoute } from './core/challenge-route';
import { contactRoute } from './leads/contact-route';
import { healthRoute } from './site/health-route';
import { newsletterRoute } from './newsletter/signup-route';
import { type StatsRouteOptions, statsRoute } from './figures/beacon-route';
import { type VoiceCallOptions, voiceCallRoute } from './voice/call-route';
import { type VoiceEventsOptions, voiceEventsRoute } from './voice/events-route';
import { type VoiceSessionOptions, voiceSessionRoute } from './voice/session-route';
import { voiceStatusRoute } from './voice/status-route';

/**
 * The /api routes, in their own scope: only they accept request bodies, and only JSON
 * (Fastify's default text/plain parser is removed, so any other type is 415 unsupported_body), but
 * the counting beacon, which is text/plain as browsers send beacons (./stats.ts).
 * The body size limit (32 KiB) is the server-wide bodyLimit set in app.ts; Vapi's messages to
 * /api/voice/events, which carry the whole call, have their own (1 MB), and the page's SDK's
 * call to /api/voice/call/web a smaller one (16 KiB).
 */
export async function apiRoutes(
  app: FastifyInstance,
  options: {
    rateLimits: ServerConfig['rateLimits'];
    proofOfWork: ServerConfig['proofOfWork'];
    doubleOptIn: boolean;
    voiceSession: Omit<VoiceSessionOptions, 'proofRequired'>;
    voiceCall: VoiceCallOptions;
    voiceEvents: VoiceEventsOptions;
    /** Whether the site this server started with is still on disk (undefined: it serves the API only). */
    sitePresent?: (() => boolean) | undefined;
    stats: StatsRouteOptions;
  },
) {
  const proofRequired = options.proofOfWork.required;
  app.removeContentTypeParser('text/plain');
  await app.register(challengeRoute, { rateLimit: options.rateLimits.challenge, maxAttempts: options.proofOfWork.maxAttempts, required: proofRequired });
  await app.register(contactRoute, { rateLimit: options.rateLimits.contact, proofRequired });
  await app.register(newsletterRoute, { rateLimit: options.rateLimits.newsletter, doubleOptIn: options.doubleOptIn, proofRequired });
  await app.register(voiceSessionRoute, { ...options.voiceSession, proofRequired });
  await app.register(voiceStatusRoute, options.voiceSession);
  await app.register(voiceCallRoute, options.voiceCall);
  await app.register(voiceEventsRoute, options.voiceEvents);
  await app.register(statsRoute, options.stats);
  await app.register(healthRoute, { sitePresent: options.sitePresent });
}
