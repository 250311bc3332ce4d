/**
 * What a prerendered document needs before anything is asked of it, besides the entry module
 * (src/web/app/entry-client.tsx, with its static imports): the source modules whose chunks
 * scripts/prerender.ts preloads for a page in that language. The one list: the prerender's
 * preloads and the chunks that get the eager-compile hint (./compile-hints.ts) both come from it,
 * and e2e/page-weight.test.ts fails when a chunk outside a page's first screen carries the hint.
 */
import { LOCALES, type Locale } from '../../src/contracts/locales.ts';

export function firstScreenSources(locale: Locale): string[] {
  // The first screen's copy, in the page's language (the rest comes with the sections below).
  return [`src/content/${locale}/first-screen.ts`];
}

/** Every language's, once each. */
export const ALL_FIRST_SCREEN_SOURCES: readonly string[] = LOCALES.flatMap(firstScreenSources);
