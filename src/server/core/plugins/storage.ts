import { backoffMs } from '../backoff';
import { NotConfiguredError } from '../http-errors';
import fp from 'fastify-plugin';
import type { DatabaseStore } from '../database/open';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ground floor's part of the store (settings, limits, health); a capability is given its own part by app.ts. */
    storage: StoreAccess<DatabaseStore>;
  }
}

/** How a capability reaches its part of the store, which may open after start-up (PostgreSQL down). */
export interface StoreAccess<Part> {
  /** The open store; throws NotConfiguredError (→ 503 not_configured) while there is none. */
  get(): Part;
  /** The open store, or undefined while there is none (for background work such as deliveries). */
  current(): Part | undefined;
}

/** The store the storage plugin opens, reached by the capabilities before it is open. */
export class StoreSlot<Whole extends DatabaseStore> implements StoreAccess<Whole> {
  #store: Whole | undefined;
  get(): Whole {
    if (this.#store === undefined) throw new NotConfiguredError();
    return this.#store;
  }
  current(): Whole | undefined {
    return this.#store;
  }
  fill(store: Whole): void {
    this.#store = store;
  }
}

export type StorageRetry = { firstDelayMs: number; maxDelayMs: number };

export type StoragePluginOptions = {
  /** Where the store is put once open; app.ts hands it to each capability. */
  slot: StoreSlot<DatabaseStore>;
  /** Opens the whole store (src/server/store.ts: createStore). */
  open: () => Promise<DatabaseStore>;
  engine: DatabaseStore['engine'];
  /** An already-open store (tests). The caller keeps it: the app does not close it. */
  store?: DatabaseStore | undefined;
  retry?: StorageRetry | undefined;
};

const DEFAULT_RETRY: StorageRetry = { firstDelayMs: 1_000, maxDelayMs: 30_000 };

/**
 * Opens storage at start-up. If that fails (unwritable SQLite path, PostgreSQL down or
 * misconfigured) the server still starts and serves the page: the error is logged and the form
 * routes answer 503 not_configured. With PostgreSQL it keeps trying in the background with
 * exponential backoff, so a database that comes up later is picked up without a restart.
 * A SQLite path that cannot be opened does not fix itself, so it is not retried.
 */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app, options) => {
    let store = options.store;
    const owned = store === undefined;
    const { engine, slot } = options;
    if (store) slot.fill(store);
    let closing = false;
    let retryTimer: NodeJS.Timeout | undefined;

    async function open(attempt: number): Promise<boolean> {
      try {
        const opened = await options.open();
        if (closing) {
          await opened.close();
          return true;
        }
        store = opened;
        slot.fill(opened);
        if (attempt > 0) app.log.info({ engine, attempt }, 'storage is now available');
        return true;
      } catch (error) {
        const message = 'storage cannot be opened: the form API answers 503 not_configured';
        // The cause in a few words: a stack trace says nothing more about an unreachable database,
        // and it would come again with every retry.
        if (attempt === 0) app.log.error({ cause: errorLine(error), engine }, message);
        else app.log.warn({ cause: errorLine(error), engine, attempt }, message);
        return false;
      }
    }

    function retryLater(attempt: number, retry: StorageRetry) {
      retryTimer = setTimeout(
        async () => {
          if (closing || (await open(attempt))) return;
          retryLater(attempt + 1, retry);
        },
        backoffMs(attempt, retry.firstDelayMs, retry.maxDelayMs),
      );
      // A pending retry must not keep a stopping process alive.
      retryTimer.unref();
    }

    if (store === undefined && !(await open(0)) && engine === 'postgres') {
      const retry = options.retry ?? DEFAULT_RETRY;
      retryLater(1, retry);
    }

    app.decorate('storage', slot);

    // Runs after the HTTP server has stopped and in-flight requests have finished.
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retryTimer);
      if (owned) await store?.close();
    });
  },
  { name: 'storage', dependencies: ['errors'] },
);

/** "connect ECONNREFUSED 127.0.0.1:5432": the message, or those a connection attempt gathered (AggregateError has none of its own). */
function errorLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts = error instanceof AggregateError && !error.message ? error.errors.map((inner) => errorLine(inner)) : [error.message];
  const cause = error.cause instanceof Error && error.cause.message !== error.message ? ` (${errorLine(error.cause)})` : '';
  return `${[...new Set(parts)].join('; ')}${cause}`;
}
