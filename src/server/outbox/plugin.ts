import type { ServerConfig } from '../core/config';
import { createSenders, startDeliveryWorker } from '.';
import { linkUrl } from '../newsletter/signed-link';
import { digestOf } from '../figures/digest';
import { appWide } from '../core/plugins/app-wide';

declare module 'fastify' {
  interface FastifyInstance {
    deliveries: Deliveries;
  }
}

export interface Deliveries {
  /** A submission and its notification jobs were just committed: deliver them now, not at the next poll. */
  nudge(): void;
}

/**
 * Runs the outbox worker (src/server/outbox/) in this process when the firm configured a channel
 * (SMTP_URL, WEBHOOK_URL). It starts at once, so jobs left by a previous run are picked up, and
 * reads the store lazily: while storage is not open it simply finds nothing to do.
 * Registered after the storage plugin: Fastify runs onClose hooks in reverse order of
 * registration, so the worker stops before the database closes.
 */
export const deliveryPlugin = appWide<{ config: Pick<ServerConfig, 'notifications' | 'delivery' | 'site' | 'caps'> }>(async (app, { config }) => {
  const senders = createSenders(config, {
    confirmationLink: async (id, nonce) => linkUrl(config.site.url, await app.storage.get().linkSecret(), 'confirm', id, nonce),
    digest: (week) =>
      digestOf(app.storage.get(), week, { firmLocale: config.notifications.firmLocale, timeZone: config.notifications.timeZone, brand: config.site.brand }),
  });
  if (Object.keys(senders).length === 0) {
    app.decorate('deliveries', { nudge() {} } satisfies Deliveries);
    return;
  }
  const worker = startDeliveryWorker({
    queue: () => app.storage.current()?.deliveries,
    senders,
    settings: config.delivery,
    log: app.log.child({ component: 'delivery' }),
    // Counted in the database: every instance shares the caps.
    caps: {
      hit: async (key, windowMs) => {
        const store = app.storage.current();
        if (!store) throw new Error('storage is not open');
        return store.hit(key, windowMs);
      },
      perMinute: config.caps.notificationsPerMinute,
      perDomainPerHour: config.caps.confirmationsPerDomainPerHour,
    },
  });
  app.decorate('deliveries', { nudge: worker.nudge } satisfies Deliveries);
  app.addHook('onClose', () => worker.stop());
});
