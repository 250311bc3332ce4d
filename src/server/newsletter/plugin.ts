import fp from 'fastify-plugin';
import type { SiteConfig } from '../../config/site-schema';
import type { ServerConfig } from '../core/config';
import { apiScope } from '../core/plugins/api-scope';
import type { StoreAccess } from '../core/plugins/storage';
import { newsletterLinkRoutes } from './links-route';
import { newsletterRoute } from './signup-route';
import type { NewsletterStore } from './store';

export type NewsletterOptions = {
  store: StoreAccess<NewsletterStore>;
  site: SiteConfig;
  rateLimits: Pick<ServerConfig['rateLimits'], 'newsletter' | 'links'>;
  /** Sign-ups are confirmed by e-mail whenever the server can send e-mail (SMTP_URL). */
  doubleOptIn: boolean;
  proofRequired: boolean;
};

/**
 * The newsletter: POST /api/newsletter (./signup-route.ts) and the pages its signed links open,
 * /newsletter/confirm and /newsletter/unsubscribe (./links-route.ts). Its confirmation e-mail
 * (./confirm-email.ts) is sent by the outbox, which app.ts gives it to.
 */
export const newsletterPlugin = fp<NewsletterOptions>(
  async (app, { store, site, rateLimits, doubleOptIn, proofRequired }) => {
    await apiScope(app, (api) => newsletterRoute(api, { store, rateLimit: rateLimits.newsletter, doubleOptIn, proofRequired }));
    await app.register(newsletterLinkRoutes, { store, site, rateLimit: rateLimits.links });
  },
  { name: 'newsletter', dependencies: ['storage', 'rate-limit', 'outbox', 'proof-of-work'] },
);
