import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { site } from '../../config/site';
import type { Locale } from '../content';
import { loadFirstScreenContent } from '../content/load';
import { boot } from '../lib/boot';
import { revealForms } from '../lib/deferred-forms';
import { currentDocument } from '../lib/pages';
import { revealOnScroll } from '../lib/reveal';
import { PageShell } from '../pages/PageShell';
import { App } from './App';
import { fillContent } from './content-context';
import { lazySections } from './lazy-sections';
import { inOwnTask } from './tasks';
import './index.css';

// In production the prerendered HTML already ran the boot script inline (and the bundle leaves it
// out); `vite dev` serves the bare template.
if (import.meta.env.DEV && !document.documentElement.classList.contains('js')) boot(revealForms);
revealOnScroll();

// The page and language of this document (from <html lang data-page>, written by the prerender
// step). The 404 page ships no JavaScript; `vite dev` serves it nowhere.
const { page, locale } = currentDocument();
const app = page === 'privacy' ? await privacyPage(locale) : await homePage(locale);
// Getting the page ready (its copy, the watchers of the sections below) and hydrating it take a
// task each: together they made a 41-61 ms script run on a 4x slower desktop.
await inOwnTask();
const container = document.getElementById('root')!;
// The components are written against React's API and run on Preact (preact/compat, aliased by
// @preact/preset-vite in vite.config.ts): a runtime a tenth of React DOM's size, so evaluating it
// and hydrating the first screen no longer make a long task on a slow phone.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);

/** The first screen hydrates with its own copy; the sections below bring theirs (lazy-sections.tsx). */
async function homePage(language: Locale): Promise<ReactNode> {
  const firstScreen = fillContent(await loadFirstScreenContent(language), site);
  return <App content={firstScreen} sections={lazySections(firstScreen)} />;
}

/** Only the bar of the privacy page is interactive: the policy itself is never hydrated (PageShell). */
async function privacyPage(language: Locale): Promise<ReactNode> {
  return <PageShell content={fillContent(await loadFirstScreenContent(language), site)} page="privacy" />;
}
