/**
 * What every maintenance script (export, purge, ...) does around its own work: read the server's
 * configuration, refuse to create an empty SQLite file by accident, open the store, report a
 * failure in one line, close the store. Exit codes: 0 done, 1 storage or configuration problem.
 */
import { existsSync } from 'node:fs';
import { ConfigError, type ServerConfig, loadServerConfig } from '../../src/server/core/config';
import { type Store, createStore } from '../../src/server/store';

export type Output = { write(text: string): unknown };

/**
 * The server's configuration, provided it names a database that exists; otherwise says why on
 * `err` and returns undefined (exit code 1). Opening a missing SQLite path would silently create
 * an empty database and work on nothing.
 */
export function configWithDatabase(env: Record<string, string | undefined>, err: Output): ServerConfig | undefined {
  let config;
  try {
    config = loadServerConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err.write(`${error.message}\n`);
    return undefined;
  }
  if (!config.databaseUrl && !existsSync(config.sqlitePath)) {
    err.write(`No database at ${config.sqlitePath}. Set SQLITE_PATH or DATABASE_URL.\n`);
    return undefined;
  }
  return config;
}

export async function withStore(
  env: Record<string, string | undefined>,
  err: Output,
  failure: string,
  work: (store: Store, config: ServerConfig) => Promise<number>,
): Promise<number> {
  const config = configWithDatabase(env, err);
  if (!config) return 1;
  let store;
  try {
    store = await createStore(config);
  } catch (error) {
    err.write(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    return await work(store, config);
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    err.write(`${failure}: ${cause}\n`);
    return 1;
  } finally {
    await store.close();
  }
}
