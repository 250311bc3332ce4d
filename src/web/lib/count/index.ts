import type { Locale } from '../../../contracts/locales';
import type { DocumentKind } from '../pages';

/**
 * The site's figures, counted with no identifier (docs/stats.md): once the page has loaded and the
 * browser is idle, the counting code (./beacon.ts, a chunk of its own, outside the initial
 * JavaScript) starts, sends the view and watches for the few events the firm counts.
 */
export function countWhenIdle(page: DocumentKind, locale: Locale): void {
  const start = () => void import('./beacon').then((beacon) => beacon.startCounting(page, locale));
  // No deadline: while the page is busy (hydrating on a slow phone), counting waits. Safari has no
  // requestIdleCallback: a moment after load instead.
  const idle = () => ('requestIdleCallback' in self ? requestIdleCallback(start) : setTimeout(start, 1000));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
