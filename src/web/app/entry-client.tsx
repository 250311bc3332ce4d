import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { site } from '../../config/site';
import type { Locale } from '../../contracts/locales';
import { fillFirstScreen } from '../../content/fill';
import { loadBelowTheFoldContent, loadFirstScreenContent } from '../../content/load';
import { pageParts } from '../hydration/Slot';
import { RenderStatic } from '../hydration/Static';
import { fetchBrandFontWhenIdle } from '../lib/brand-font';
import { countWhenIdle } from '../lib/count';
import { whenIdle } from '../lib/idle';
import { currentDocument, type DocumentKind } from '../lib/pages';
import { revealOnScroll } from '../lib/reveal';
import { PageShell } from '../pages/PageShell';
import { App } from './App';
import { BELOW_THE_FOLD } from './sections';
import './index.css';

// The page's HTML already ran the boot script inline and holds the sections' estimated heights,
// prerendered by the build or rendered by `npm run dev` (scripts/dev.ts) alike.
revealOnScroll();

// The page and language of this document (from <html lang data-page>, written by the prerender
// step). Every page is hydrated; `npm run dev` renders them as the build does.
const { page, locale } = currentDocument();
const app = page === 'home' ? await homePage(locale) : await otherPage(page, locale);
const container = document.getElementById('root')!;
// In a transition, React hydrates in slices of a few milliseconds, yielding to the browser in
// between, and each section's boundary after the first screen, first the one the visitor touches.
startTransition(() => {
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(<RenderStatic value>{app}</RenderStatic>);
});
// The firm's figures, with no identifier (docs/stats.md): after the first screen, when the browser is idle.
countWhenIdle(page, locale);
// The brand typeface, off the first paint's path: fetched when the browser is idle, drawn from the next page on.
fetchBrandFontWhenIdle();

/**
 * The first screen hydrates with its own copy, its placeholders filled by the plain fill; the
 * sections below bring the rest of the copy and the code that fills it (hydration/Slot.tsx).
 */
async function homePage(language: Locale): Promise<ReactNode> {
  const firstScreen = fillFirstScreen(await loadFirstScreenContent(language), site);
  const parts = pageParts(
    BELOW_THE_FOLD,
    async () => {
      const [{ fillContent }, rest] = await Promise.all([import('../../content'), loadBelowTheFoldContent(language)]);
      return { ...firstScreen, ...fillContent(rest, site, language) };
    },
    () => import('./Toasts').then((m) => m.Toasts),
  );
  // The sections' code is fetched once the page has loaded and the browser is idle, or sooner when
  // React reaches a section's boundary (the one the visitor touches first), not with the first
  // screen: fetched with it, it adds to the main thread's script while the page loads and hydrates,
  // and to its TBT (docs/performance.md).
  whenIdle(parts.preload);
  return <App content={firstScreen} parts={parts} />;
}

/** Only the bar of the other pages is interactive: the policy or the 404 text is never hydrated (PageShell). */
async function otherPage(kind: Exclude<DocumentKind, 'home'>, language: Locale): Promise<ReactNode> {
  return <PageShell content={fillFirstScreen(await loadFirstScreenContent(language), site)} page={kind} />;
}
