import type { FastifyInstance } from 'fastify';
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
