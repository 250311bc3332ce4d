import { CAMPAIGN, type PageEvent, type Referrer, STATS_BEACON_PATH, type StatsBeacon } from '../../../contracts/stats';
import type { Locale } from '../../../contracts/locales';
import type { SectionAnchor } from '../../../content/types';
import type { DocumentKind } from '../pages';

/**
 * What the page counts, and all it sends: one beacon per event with the event's name, the page's
 * language, the device class the layout chose, the referrer's class and the landing address's
 * campaign. No cookie, no storage, nothing about the browser: the server adds one to a counter of
 * the day. Elements say what they count, with a PageEvent: `data-count-click` (each click) and
 * `data-count-input` (the first input in them, once per page).
 */

const VIEWS: Record<DocumentKind, PageEvent> = { home: 'view_home', privacy: 'view_privacy', 'not-found': 'view_404' };
/** The section whose coming into view counts as the demo seen (its anchor). */
const DEMO_SECTION: SectionAnchor = 'ai-caller';

/** Search engines and social networks, by the referrer's host (its path and query are never read). */
const SEARCH =
  /(^|\.)(google|bing|duckduckgo|qwant|ecosia|yahoo|baidu|yandex|startpage|brave|naver|seznam|kagi)\.[a-z.]+$|^com\.google\.android\.googlequicksearchbox$/;
const SOCIAL =
  /(^|\.)(facebook\.com|fb\.com|fb\.me|instagram\.com|linkedin\.com|lnkd\.in|t\.co|twitter\.com|x\.com|reddit\.com|youtube\.com|youtu\.be|tiktok\.com|pinterest\.[a-z.]+|threads\.net|bsky\.app|mastodon\.social|whatsapp\.com|messenger\.com)$/;

/**
 * The class of where the visitor came from. A page of this site, or this page reloaded or
 * reached by back/forward, is 'self': not an entry, so a visit counts once however it moves.
 */
export function referrerClass(referrer: string, ownHost: string, navigation: string | undefined): Referrer {
  if (navigation === 'reload' || navigation === 'back_forward') return 'self';
  if (!referrer) return 'none';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'none';
  }
  if (host === ownHost) return 'self';
  if (SEARCH.test(host)) return 'search';
  return SOCIAL.test(host) ? 'social' : 'site';
}

/** The landing address's utm_campaign as it is counted: lower case, unaccented, `-` between words, 32 characters at most. */
export function campaignOf(search: string): string | undefined {
  const raw = new URLSearchParams(search).get('utm_campaign');
  const token = raw
    ?.normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, 32);
  return token && CAMPAIGN.test(token) ? token : undefined;
}

export function startCounting(page: DocumentKind, locale: Locale): void {
  const navigation = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  const campaign = campaignOf(location.search);
  const dimensions: Omit<StatsBeacon, 'e'> = {
    l: locale,
    // The boot script's layout class, read as ../layout.ts reads it (importing that module would split React into a chunk of its own: +250 B of initial JS).
    d: document.documentElement.classList.contains('layout-mobile') ? 'phone' : 'desktop',
    r: referrerClass(document.referrer, location.hostname, navigation),
    ...(campaign ? { c: campaign } : {}),
  };
  const send = (event: PageEvent) => navigator.sendBeacon(STATS_BEACON_PATH, JSON.stringify({ e: event, ...dimensions }));

  send(VIEWS[page]);

  const demo = document.getElementById(DEMO_SECTION);
  if (demo && 'IntersectionObserver' in window) {
    // Seen once its top has come up to the middle of the window.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        send('demo_seen');
      },
      { rootMargin: '0px 0px -50% 0px' },
    );
    observer.observe(demo);
  }

  // Captured before the page's own handlers run, so a button reads as it was when pressed.
  document.addEventListener(
    'click',
    (event) => {
      const name = (event.target as Element).closest?.('[data-count-click]')?.getAttribute('data-count-click');
      if (name) send(name as PageEvent);
    },
    true,
  );
  const started = new Set<string>();
  document.addEventListener(
    'input',
    (event) => {
      const name = (event.target as Element).closest?.('[data-count-input]')?.getAttribute('data-count-input');
      if (!name || started.has(name)) return;
      started.add(name);
      send(name as PageEvent);
    },
    true,
  );
}
