import type { Locale } from './locales';

/**
 * The firm's own figures, counted with no identifier at all (docs/stats.md). The page sends one
 * small beacon per event it sees, with the event's name and four coarse dimensions, nothing else;
 * the server adds one to the day's counter of that combination. Events the server sees itself
 * (a lead stored, a sign-up confirmed) are counted where they are written.
 */

/** What the page counts: a view of each page, the demo's section in view, "Call Me" pressed, the contact form's first input. */
export const PAGE_EVENTS = ['view_home', 'view_privacy', 'view_404', 'demo_seen', 'call_pressed', 'form_started'] as const;
export type PageEvent = (typeof PAGE_EVENTS)[number];

/** What the server counts where it writes it: a form lead, a voice lead (a callback request taken during a call), a newsletter sign-up asked and confirmed. */
export const SERVER_EVENTS = ['form_sent', 'voice_lead', 'newsletter_asked', 'newsletter_confirmed'] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];

export type StatsEvent = PageEvent | ServerEvent;

/** The page views, by page (entries are the views whose referrer is not this site). */
export const VIEW_EVENTS = ['view_home', 'view_privacy', 'view_404'] as const satisfies readonly PageEvent[];

/** As the page's layout decides (the boot script's `layout-mobile` class): phone, or desktop. */
export const DEVICES = ['phone', 'desktop'] as const;
/**
 * Where the visitor came from, from the referrer's host only (its path and query never leave the
 * page): a search engine, a social network, another site, none (typed, bookmarked, an app), or
 * this site itself (a page of this site, a reload): a view from this site is not an entry.
 */
export const REFERRERS = ['search', 'social', 'site', 'none', 'self'] as const;

export type Device = (typeof DEVICES)[number];
export type Referrer = (typeof REFERRERS)[number];

/** A campaign (the landing address's utm_campaign) as it is kept: lower-case letters, digits, `-` and `_`, at most 32. */
export const CAMPAIGN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** Where the page sends its beacons (API_PATHS.stats): here, so the counting chunk imports nothing else. */
export const STATS_BEACON_PATH = '/api/stats';

/**
 * The beacon's body (sent as text/plain, the type `navigator.sendBeacon` gives a string): the
 * event, the page's language, the device class, the referrer class, and the campaign when the
 * landing address had one. The server checks it with ./stats-beacon.ts; anything else is refused.
 */
export type StatsBeacon = { e: PageEvent; l: Locale; d: Device; r: Referrer; c?: string };
