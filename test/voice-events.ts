import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../src/server/app';
import { type ContactRecord, type Store, createStore } from '../src/server/store';
import { type SmtpReceiver, type WebhookReceiver, startSmtpReceiver, startWebhookReceiver } from './receivers';
import { type EngineName, TEST_WEBHOOK_SECRET, type TestStorage, captureLogs, freshStorage, testConfig } from './storage';

/**
 * The server as Vapi meets it in src/server/voice-events*.test.ts: POST /api/voice/events through
 * `inject`, with a real SMTP server and a webhook receiver verifying signatures. Call inside a
 * describe: it registers the hooks that open and close everything.
 */

export const VAPI_SECRET = 'vapi-server-secret-for-tests-0123456789abcdef';
export const AUTH = { authorization: `Bearer ${VAPI_SECRET}` };
export const WAIT = { timeout: 20_000, interval: 50 };
export const NBSP = '\u00a0';
export const newCall = () => `call-${randomUUID()}`;
const FAST = { DELIVERY_POLL: '100ms', DELIVERY_RETRY_BASE: '100ms', DELIVERY_RETRY_MAX: '400ms', DELIVERY_TIMEOUT: '5s', DELIVERY_LEASE: '30s' };

export function voiceEventsHarness(engine: EngineName) {
  let storage: TestStorage;
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  /** Another store on the same database, to look at what was stored. */
  let inspect: Store;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    inspect = await createStore(testConfig(storage.env));
    smtp = await startSmtpReceiver();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
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
    get inspect() {
      return inspect;
    },
    /** The server the last start() built (until stop()). */
    get app() {
      return app!;
    },
    async stop() {
      await app?.close();
      app = undefined;
    },
    async start(env: Record<string, string> = {}) {
      const config = testConfig({
        ...storage.env,
        VAPI_SERVER_SECRET: VAPI_SECRET,
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL_TO: 'leads@atelier.example',
        MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
        WEBHOOK_URL: hook.url,
        WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        ...FAST,
        ...env,
      });
      app = await buildApp({ config, logger: captureLogs().logger });
      return app;
    },
    send: (payload: unknown, headers: Record<string, string> = AUTH, remoteAddress = '52.4.176.10') =>
      app!.inject({ method: 'POST', url: '/api/voice/events', payload: payload as object, headers, remoteAddress }),
    leadsOf: async (callId: string): Promise<ContactRecord[]> => (await inspect.listContacts()).filter((row) => row.call_id === callId),
  };
}
