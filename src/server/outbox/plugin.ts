import fp from 'fastify-plugin';
import type { ServerConfig } from '../core/config';
import type { StoreAccess } from '../core/plugins/storage';
import { type Letters, createSenders, startDeliveryWorker } from '.';
import { type HealthStore, healthRoute } from './health-route';
import { apiScope } from '../core/plugins/api-scope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification outbox, as the capabilities that queue a notification tell it. */
    outbox: Outbox;
  }
}

export interface Outbox {
  /** A submission and its notification jobs were just committed: deliver them now, not at the next poll. */
  nudge(): void;
}

export type OutboxOptions = {
  /** The outbox's part of the store, and what the health check reads of the database. */
  store: StoreAccess<HealthStore>;
  config: Pick<ServerConfig, 'notifications' | 'delivery' | 'site' | 'caps'>;
  /** The e-mails other capabilities write and the outbox sends: the newsletter's confirmation, the figures' digest. */
  letters: Letters;
  /** Whether the site this server started with is still on disk (GET /api/health?live; undefined: it serves the API only). */
  sitePresent?: (() => boolean) | undefined;
};

/**
 * The outbox, and GET /api/health, which says whether it keeps its promise (./health-route.ts): runs its worker (./worker.ts) in this process when the firm configured a channel
 * (SMTP_URL, WEBHOOK_URL). It starts at once, so jobs left by a previous run are picked up, and
 * reads the store lazily: while storage is not open it simply finds nothing to do. Its onClose
 * hook runs before the storage plugin's (Fastify closes in reverse order of registration), so the
 * worker stops before the database closes.
 */
export const outboxPlugin = fp<OutboxOptions>(
  async (app, { store, config, letters, sitePresent }) => {
    await apiScope(app, (api) => healthRoute(api, { store, sitePresent }));
    const senders = createSenders(config, letters);
    if (Object.keys(senders).length === 0) {
      app.decorate('outbox', { nudge() {} } satisfies Outbox);
      return;
    }
    const worker = startDeliveryWorker({
      queue: () => store.current()?.deliveries,
      senders,
      settings: config.delivery,
      log: app.log.child({ component: 'delivery' }),
      // Counted in the database: every instance shares the caps.
      caps: {
        hit: async (key, windowMs) => {
          const open = store.current();
          if (!open) throw new Error('storage is not open');
          return open.hit(key, windowMs);
        },
        perMinute: config.caps.notificationsPerMinute,
        perDomainPerHour: config.caps.confirmationsPerDomainPerHour,
      },
    });
    app.decorate('outbox', { nudge: worker.nudge } satisfies Outbox);
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'outbox', dependencies: ['storage'] },
);
