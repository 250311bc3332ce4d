import type { Locale } from '../../../contracts/locales';
import { whenIdle } from '../idle';
import type { DocumentKind } from '../pages';

/**
 * The site's figures, counted with no identifier (docs/stats.md): once the page has loaded and the
 * browser is idle, the counting code (./beacon.ts, a chunk of its own, outside the initial
 * JavaScript) starts, sends the view and watches for the few events the firm counts.
 */
export function countWhenIdle(page: DocumentKind, locale: Locale): void {
  whenIdle(() => void import('./beacon').then((beacon) => beacon.startCounting(page, locale)));
}
