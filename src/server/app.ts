import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { ServerConfig } from './core/config';
import { createLogger } from './core/logger';
import { compressPlugin } from './site/compress';
import { deliveryPlugin } from './outbox/plugin';
import { answerClientError, errorsPlugin, replyWithError } from './core/plugins/errors';
import { rateLimitPlugin } from './core/plugins/rate-limit';
import { requestLogPlugin } from './core/plugins/request-log';
import { type RetentionSchedule, retentionPlugin } from './retention-plugin';
import { securityPlugin } from './site/security';
import { type DigestSchedule, statsDigestPlugin } from './figures/digest-plugin';
import { shutdownPlugin } from './core/plugins/shutdown';
import { VOICE_CALLS_SCHEDULE, type VoiceCallsSchedule, voiceCallsPlugin } from './voice/calls-plugin';
import { inspectStaticSite, staticPlugin } from './site/static';
import { type StorageRetry, storagePlugin } from './core/plugins/storage';
import { apiRoutes } from './api-routes';
import { newsletterLinkRoutes } from './newsletter/links-route';
import type { Store } from './store';
import { zodSerializerCompiler, zodValidatorCompiler } from './core/validation';
import { callsApi } from './voice/calls-api';
import { withVoiceCsp } from './voice/csp';

/** Largest accepted request body: a full contact form (5000-character message) fits with room to spare. */
export const API_BODY_LIMIT = 32 * 1024;

/** How often Node looks for requests past their timeout (its default, 30 s, would add up to that much). */
const CONNECTIONS_CHECK_MS = 1_000;

export type BuildAppOptions = {
  config: ServerConfig;
  /** An already-open store (tests). The caller keeps ownership and closes it. */
  store?: Store;
  /** Defaults to JSON lines on stdout at config.logLevel. Tests pass one writing to a buffer. */
  logger?: Logger;
  /** Background retries when PostgreSQL cannot be reached at start-up (tests shorten them). */
  storageRetry?: StorageRetry;
  /** When the daily purge looks whether it is due, and its clock (tests). */
  retention?: Partial<RetentionSchedule>;
  /** When the weekly digest looks whether it is due, and its clock (tests). */
  digest?: Partial<DigestSchedule>;
  /** When the keeper of the demo's calls looks at them, and the voice demo's clock (tests). */
  voiceCalls?: Partial<VoiceCallsSchedule>;
  /** How often the page's counts are written (default 1 s; tests shorten it). */
  statsFlushMs?: number;
  /** false: the API only; the page is served by something else (`npm run dev`: Vite, scripts/dev.ts). */
  staticSite?: false;
};

/**
 * Builds the whole server (site + API) without listening: server.ts listens, tests use inject().
 * Resolves once storage has been opened or found unusable; it never fails because of storage.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logger: FastifyBaseLogger = options.logger ?? createLogger({ level: config.logLevel });
  const app = Fastify({
    loggerInstance: logger,
    // Fastify's per-request pair of lines is off: plugins/request-log.ts writes one line instead.
    logController: new LogController({ disableRequestLogging: true }),
    // Trust X-Forwarded-* only from the configured proxies; otherwise a client could pick its own IP.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: API_BODY_LIMIT,
    // A client that trickles its headers or body is cut (408) instead of holding a socket for good.
    requestTimeout: config.requestTimeouts.requestMs,
    http: { headersTimeout: config.requestTimeouts.headersMs, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, logger),
    // Fastify's built-in "closing" answer is not an ApiResponse; see plugins/shutdown.ts.
    return503OnClosing: false,
    // Errors found before routing (e.g. a malformed URL) get the same answers as all others.
    frameworkErrors: replyWithError,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);

  const site = options.staticSite === false ? undefined : inspectStaticSite(config.staticDir, app.log);
  if (site) app.addHook('onClose', async () => site.release());
  await app.register(requestLogPlugin);
  await app.register(shutdownPlugin);
  await app.register(errorsPlugin, { notFoundPages: site?.notFoundPages ?? new Map() });
  // The voice demo's third-party origins, only while the demo is on (configured at start-up).
  const { voice } = config;
  const voiceOn = voice.privateKey !== undefined && Object.keys(voice.assistantIds).length > 0;
  await app.register(securityPlugin, { cspExtras: withVoiceCsp(site?.cspExtras ?? {}, { enabled: voiceOn }) });
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin);
  await app.register(storagePlugin, { config, store: options.store, retry: options.storageRetry });
  await app.register(deliveryPlugin, { config });
  // The server places, looks up, ends and deletes the demo's calls with the private key; the page never has it.
  const calls = voice.privateKey ? callsApi({ privateKey: voice.privateKey, baseUrl: voice.apiBaseUrl }) : undefined;
  await app.register(retentionPlugin, {
    settings: {
      contactDays: config.site.retentionDays,
      statsDays: config.stats.retentionDays,
      timeZone: config.notifications.timeZone,
      vapiCalls: { days: voice.callRetentionDays, calls },
    },
    schedule: options.retention,
  });
  const voiceSchedule = { ...VOICE_CALLS_SCHEDULE, ...options.voiceCalls };
  await app.register(voiceCallsPlugin, { voice, calls, timeZone: config.notifications.timeZone, schedule: voiceSchedule });
  // After the delivery plugin: a queued digest nudges its worker.
  await app.register(statsDigestPlugin, { config, schedule: options.digest });
  // Sign-ups are confirmed by e-mail whenever the server can send e-mail.
  await app.register(apiRoutes, {
    rateLimits: config.rateLimits,
    proofOfWork: config.proofOfWork,
    doubleOptIn: config.notifications.email !== undefined,
    voiceSession: { voice, timeZone: config.notifications.timeZone, now: voiceSchedule.now },
    voiceCall: { voice, calls, now: voiceSchedule.now },
    voiceEvents: { voice, site: config.site, timeZone: config.notifications.timeZone, now: voiceSchedule.now },
    sitePresent: site?.present,
    stats: { timeZone: config.notifications.timeZone, flushMs: options.statsFlushMs, campaigns: config.stats.campaigns },
  });
  await app.register(newsletterLinkRoutes, { site: config.site, rateLimit: config.rateLimits.links });
  if (site) await app.register(staticPlugin, { root: site.root, formRateLimit: config.rateLimits.contact });
  return app;
}
