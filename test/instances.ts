import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../src/server/app';
import { type Store, createStore } from '../src/server/store';
import { type EngineName, captureLogs, freshStorage, testConfig } from './storage';

export type Instance = { app: FastifyInstance; store: Store; logs: ReturnType<typeof captureLogs> };

/**
 * `count` servers on one fresh database (a load balancer's view), each with its own connections and
 * its own log, under `inject`. `close` stops them and drops the database. `storageOptions`: see freshStorage.
 */
export async function startInstances(
  engine: EngineName,
  env: Record<string, string>,
  count = 2,
  storageOptions: Parameters<typeof freshStorage>[1] = {},
): Promise<{ servers: Instance[]; env: Record<string, string>; close(): Promise<void> }> {
  const storage = await freshStorage(engine, storageOptions);
  const all = { ...storage.env, ...env };
  const servers: Instance[] = [];
  const close = async () => {
    for (const { app, store } of servers.toReversed()) {
      await app.close().catch(() => undefined);
      await store.close().catch(() => undefined);
    }
    await storage.dispose();
  };
  try {
    for (let i = 0; i < count; i++) {
      const config = testConfig(all);
      const logs = captureLogs();
      // The store logs through the app's logger, as the storage plugin sets it up.
      const store = await createStore(config, logs.logger);
      servers.push({ app: await buildApp({ config, store, logger: logs.logger }), store, logs });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { servers, env: all, close };
}

/**
 * startInstances for a file whose tests each start their own: every call's servers are closed, and
 * their database dropped, after the test that started them, the last started first (a failure to
 * close is not the test's). Call at the file's top level: it registers the afterEach hook.
 */
export function instancesClosedAfterEach(): typeof startInstances {
  const opened: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of opened.splice(0).toReversed()) await close().catch(() => undefined);
  });
  return async (...args) => {
    const started = await startInstances(...args);
    opened.push(started.close);
    return started;
  };
}
