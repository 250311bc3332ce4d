import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/server/app';
import { type Store, createStore } from '../src/server/store';
import { EMAIL_FAILING_SETTING } from '../src/server/outbox/email-state';
import { DEFAULT_REFUSAL, type SmtpReceiver, type WebhookReceiver, startSmtpReceiver, startWebhookReceiver } from './receivers';
import { type EngineName, TEST_WEBHOOK_SECRET, type TestStorage, captureLogs, freshStorage, storageQuery, testConfig } from './storage';

/** Short retry settings so a test sees several attempts in about a second. */
export const FAST_DELIVERY = {
  DELIVERY_POLL: '100ms',
  DELIVERY_RETRY_BASE: '100ms',
  DELIVERY_RETRY_MAX: '400ms',
  DELIVERY_TIMEOUT: '5s',
  DELIVERY_LEASE: '30s',
};
export const WAIT = { timeout: 20_000, interval: 50 };
export const NBSP = '\u00a0';

/**
 * The server through `inject`, notifying the firm for real: a real SMTP server and a webhook
 * receiver that verifies Standard Webhooks signatures (a new one for each test), on a fresh
 * database of `engine`, with a second store on it to look at what was stored and queued. The app
 * opens its own store, with the outbox policy of its configuration. Call inside a describe: it
 * registers the hooks that open and close everything.
 */
export function notifiedApp(engine: EngineName, baseEnv: Record<string, string> = {}) {
  let storage: TestStorage;
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let inspect: Store;
  let app: FastifyInstance | undefined;
  let others: FastifyInstance[] = [];
  let logs: ReturnType<typeof captureLogs>;
  const configOf = (env: Record<string, string>) =>
    testConfig({
      ...storage.env,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'leads@atelier.example',
      MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
      WEBHOOK_URL: hook.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      ...FAST_DELIVERY,
      ...baseEnv,
      ...env,
    });

  beforeAll(async () => {
    storage = await freshStorage(engine);
    inspect = await createStore(testConfig(storage.env));
    smtp = await startSmtpReceiver();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    smtp.refused.length = 0;
    smtp.refuse = () => false;
    smtp.refusal = { ...DEFAULT_REFUSAL };
    smtp.hang = false;
    smtp.release();
    // E-mail works and nothing was said of it this hour, whatever a test before (or a first try of this one) did.
    await storageQuery(storage.env, 'delete from settings where name = ?', [EMAIL_FAILING_SETTING]);
    hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
  });
  afterEach(async () => {
    await Promise.all([app, ...others].map((running) => running?.close()));
    app = undefined;
    others = [];
    await hook.close();
  });
  afterAll(async () => {
    await inspect.close();
    await smtp.close();
    await storage.dispose();
  });

  return {
    get storage() {
      return storage;
    },
    get smtp() {
      return smtp;
    },
    get hook() {
      return hook;
    },
    /** A second store on the same database, to look at what was stored, as `npm run deliveries` does. */
    get inspect() {
      return inspect;
    },
    /** The server the last start() built (until stop()). */
    get app() {
      return app!;
    },
    /** The log lines of the server the last start() built. */
    get logs() {
      return logs;
    },
    /** Builds the server; `options` adds to buildApp's (a schedule and its clock, say). */
    async start(env: Record<string, string> = {}, options: Omit<BuildAppOptions, 'config' | 'logger'> = {}) {
      logs = captureLogs();
      app = await buildApp({ ...options, config: configOf(env), logger: logs.logger });
      return app;
    },
    /** One more server on the same database and receivers, as another instance (closed after the test). */
    async startAnother(env: Record<string, string> = {}) {
      const other = await buildApp({ config: configOf(env), logger: captureLogs().logger });
      others.push(other);
      return other;
    },
    /** A new webhook receiver on `port` (the test's receiver was closed there: it comes back). */
    async hookOn(port: number) {
      hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET, port);
    },
    async stop() {
      await app?.close();
      app = undefined;
    },
  };
}
