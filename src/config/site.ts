import type { SiteConfig } from './site-schema';

declare const __SITE_CONFIG__: SiteConfig;

/** The site configuration the page was built with (see vite.config.ts and site-schema.ts). */
export const site: SiteConfig = __SITE_CONFIG__;
