import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import { proofOfWorkPlugin } from './core/challenge-route';
import type { ServerConfig } from './core/config';
import { createLogger } from './core/logger';
import { answerClientError, errorsPlugin, replyWithError } from './core/plugins/errors';
import { rateLimitPlugin } from './core/plugins/rate-limit';
import { requestLogPlugin } from './core/plugins/request-log';
import { shutdownPlugin } from './core/plugins/shutdown';
import { type StorageRetry, StoreSlot, storagePlugin } from './core/plugins/storage';
import { zodSerializerCompiler, zodValidatorCompiler } from './core/validation';
import { digestOf } from './figures/digest';
import type { DigestSchedule } from './figures/digest-schedule';
import { figuresPlugin } from './figures/plugin';
import { leadsPlugin } from './leads/plugin';
import { confirmationLetter } from './newsletter/confirm-email';
import { newsletterPlugin } from './newsletter/plugin';
import { outboxPlugin } from './outbox/plugin';
import { type RetentionSchedule, retentionPlugin } from './retention-plugin';
import { inspectStaticSite } from './site/static';
import { sitePlugin, siteHeadersPlugin } from './site/plugin';
import { type Store, createStore } from './store';
import { VOICE_CALLS_SCHEDULE, type VoiceCallsSchedule } from './voice/keeper-schedule';
import { callsApi } from './voice/calls-api';
import { withVoiceCsp } from './voice/csp';
import { voicePlugin } from './voice/plugin';

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
  const { voice, rateLimits } = config;
  const timeZone = config.notifications.timeZone;
  const proofRequired = config.proofOfWork.required;
  // The whole store, once open: each capability is given it as the part it uses.
  const store = new StoreSlot<Store>();

  // The ground floor, in the order hooks must run: the log line, the shutdown's 503s, the errors'
  // answers, every answer's headers (the rate limit's 429s too), the database, the limits.
  await app.register(requestLogPlugin);
  await app.register(shutdownPlugin);
  await app.register(errorsPlugin, { notFoundPages: site?.notFoundPages ?? new Map() });
  // The voice demo's third-party origins, only while the demo is on (configured at start-up).
  const voiceOn = voice.privateKey !== undefined && Object.keys(voice.assistantIds).length > 0;
  await app.register(siteHeadersPlugin, { cspExtras: withVoiceCsp(site?.cspExtras ?? {}, { enabled: voiceOn }) });
  await app.register(storagePlugin, {
    slot: store,
    open: () => createStore(config, app.log),
    engine: config.databaseUrl ? 'postgres' : 'sqlite',
    store: options.store,
    retry: options.storageRetry,
  });
  await app.register(rateLimitPlugin);
  await app.register(proofOfWorkPlugin, { rateLimit: rateLimits.challenge, maxAttempts: config.proofOfWork.maxAttempts, required: proofRequired });

  // The capabilities. The outbox sends the e-mails the newsletter and the figures write.
  await app.register(outboxPlugin, {
    store,
    config,
    letters: {
      confirmation: confirmationLetter(config.site, () => store.get().linkSecret()),
      digest: (week) => digestOf(store.get(), week, { firmLocale: config.notifications.firmLocale, timeZone, brand: config.site.brand }),
    },
    sitePresent: site?.present,
  });
  await app.register(leadsPlugin, { store, rateLimit: rateLimits.contact, proofRequired });
  await app.register(newsletterPlugin, { store, site: config.site, rateLimits, doubleOptIn: config.notifications.email !== undefined, proofRequired });
  // The server places, looks up, ends and deletes the demo's calls with the private key; the page never has it.
  const calls = voice.privateKey ? callsApi({ privateKey: voice.privateKey, baseUrl: voice.apiBaseUrl }) : undefined;
  const voiceSchedule = { ...VOICE_CALLS_SCHEDULE, ...options.voiceCalls };
  await app.register(voicePlugin, { store, voice, site: config.site, calls, timeZone, schedule: voiceSchedule, proofRequired });
  await app.register(figuresPlugin, { store, config, flushMs: options.statsFlushMs, digest: options.digest });
  // What the privacy policy deletes, in every capability's tables, once a day.
  await app.register(retentionPlugin, {
    store,
    settings: {
      contactDays: config.site.retentionDays,
      statsDays: config.stats.retentionDays,
      timeZone,
      vapiCalls: { days: voice.callRetentionDays, calls },
    },
    schedule: options.retention,
  });
  if (site) await app.register(sitePlugin, { root: site.root, formRateLimit: rateLimits.contact });
  return app;
}
