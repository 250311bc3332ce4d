import type { BelowTheFoldContent, FirstScreenContent } from './types';
import type { Locale } from '../contracts/locales';

/**
 * The browser's copy, one language at a time and in two chunks: the first screen's, which the page
 * preloads (<link rel=modulepreload>, scripts/prerender.ts), and the rest, fetched with the first
 * section below the fold that hydrates.
 */
export async function loadFirstScreenContent(locale: Locale): Promise<FirstScreenContent> {
  return locale === 'fr' ? (await import('./fr/first-screen')).frFirstScreen : (await import('./en/first-screen')).enFirstScreen;
}

export async function loadBelowTheFoldContent(locale: Locale): Promise<BelowTheFoldContent> {
  return locale === 'fr' ? (await import('./fr/below-the-fold')).frBelowTheFold : (await import('./en/below-the-fold')).enBelowTheFold;
}
