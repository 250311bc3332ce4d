import fp from 'fastify-plugin';
import type { ServerConfig } from '../core/config';
import { apiScope } from '../core/plugins/api-scope';
import type { StoreAccess } from '../core/plugins/storage';
import { statsRoute } from './beacon-route';
import { type DigestSchedule, queueDigestsPeriodically } from './digest-schedule';
import type { FiguresStore } from './store';

export type FiguresOptions = {
  store: StoreAccess<FiguresStore>;
  config: Pick<ServerConfig, 'stats' | 'notifications'>;
  /** How often the page's counts are written (default 1 s; tests shorten it). */
  flushMs?: number | undefined;
  /** When the weekly digest looks whether it is due, and its clock (tests). */
  digest?: Partial<DigestSchedule> | undefined;
};

/**
 * The firm's figures (docs/stats.md): the page's counting beacon, POST /api/stats
 * (./beacon-route.ts), and the weekly digest queued in the outbox on Monday morning
 * (./digest-schedule.ts); the outbox writes it when it sends it (./digest.ts, given by app.ts).
 */
export const figuresPlugin = fp<FiguresOptions>(
  async (app, { store, config, flushMs, digest }) => {
    const { timeZone } = config.notifications;
    await apiScope(app, (api) => statsRoute(api, { store, timeZone, flushMs, campaigns: config.stats.campaigns }));
    queueDigestsPeriodically(app, { store, config, schedule: digest });
  },
  { name: 'figures', dependencies: ['storage', 'outbox'] },
);
