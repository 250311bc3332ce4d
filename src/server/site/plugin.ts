import fp from 'fastify-plugin';
import type { RateLimit } from '../core/config';
import type { CspExtras } from '../core/csp';
import { compressPlugin } from './compress';
import { securityPlugin } from './security';
import { staticPlugin } from './static';

/**
 * The headers of every answer (./security.ts: the Content-Security-Policy and the rest of
 * helmet's; ./compress.ts). Registered before everything that answers, the rate limit's 429s
 * included: hooks run in the order they were added.
 */
export const siteHeadersPlugin = fp<{ cspExtras: CspExtras }>(
  async (app, { cspExtras }) => {
    await app.register(securityPlugin, { cspExtras });
    await app.register(compressPlugin);
  },
  { name: 'site-headers', dependencies: ['errors'] },
);

/** The built site (./static.ts), when this server serves it (not under `npm run dev`). */
export const sitePlugin = fp<{ root: string; formRateLimit: RateLimit }>(
  async (app, options) => {
    await app.register(staticPlugin, options);
  },
  { name: 'site', dependencies: ['site-headers', 'rate-limit'] },
);
