/**
 * The form API under test, on one engine: a fresh storage and store for the file, an app built
 * per test (`start`, closed after it), posts that carry a real solved proof of work, posts through
 * a proxy, and the rows stored so far. For the route and plugin tests beside the server's code.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/server/app';
import { type Store, createStore } from '../src/server/store';
import { proofFrom } from './proof';
import { type EngineName, type TestStorage, captureLogs, freshStorage, testConfig } from './storage';

/** A contact request as a visitor types it, padded and with an empty company. */
export const VALID_CONTACT = {
  name: '  Marie Tremblay ',
  phone: ' +1 514-555-0142 ',
  email: ' Marie.Tremblay@Example.com ',
  company: '',
  message: '  We answer 200 calls a day and would like a voice agent.  ',
};

export type FormApp = {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** Where the store is (its `env`), for statements a test runs by the engine's own driver (storageQuery). */
  readonly storage: TestStorage;
  start(env?: Record<string, string>, options?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
  /** A form post; an object payload carries a solved proof of work (a raw string is sent as it is). */
  post(url: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** A request reaching the server from `peer`, claiming (X-Forwarded-For) to be for `client`. */
  postVia(peer: string, client: string, url: string, payload: object): Promise<LightMyRequestResponse>;
  counts(): Promise<{ contacts: number; newsletter: number }>;
};

/** Registers the file's hooks (call it inside a describe): storage per engine, an app per test. */
export function useFormApp(engine: EngineName): FormApp {
  let storage: TestStorage;
  let store: Store;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    storage = await freshStorage(engine);
    store = await createStore(testConfig(storage.env));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await store.close();
    await storage.dispose();
  });
  return {
    get app() {
      if (!app) throw new Error('start() the app first');
      return app;
    },
    get store() {
      return store;
    },
    get storage() {
      return storage;
    },
    async start(env = {}, options = {}) {
      app = await buildApp({ config: testConfig({ ...storage.env, ...env }), store, logger: captureLogs().logger, ...options });
      return app;
    },
    post: async (url, payload, headers = {}) =>
      app!.inject({
        method: 'POST',
        url,
        payload: typeof payload === 'object' && !Buffer.isBuffer(payload) ? { ...payload, altcha: await proofFrom(app!) } : (payload as string),
        headers,
      }),
    postVia: async (peer, client, url, payload) =>
      app!.inject({ method: 'POST', url, payload: { ...payload, altcha: await proofFrom(app!) }, remoteAddress: peer, headers: { 'x-forwarded-for': client } }),
    counts: async () => ({ contacts: (await store.listContacts()).length, newsletter: (await store.listNewsletter()).length }),
  };
}
