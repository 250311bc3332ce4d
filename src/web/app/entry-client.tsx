import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { site } from '../../config/site';
import { getContent } from '../content';
import { boot } from '../lib/boot';
import { currentDocument } from '../lib/pages';
import { App } from './App';
import { fillContent } from './content-context';
import './index.css';

// In production the prerendered HTML already ran the boot script inline; `vite dev` serves no HTML.
if (!document.documentElement.classList.contains('js')) boot();

// The page and language of this document (from <html lang data-page>, written by the prerender step).
const { page, locale } = currentDocument();
const content = fillContent(getContent(locale), site);
// Pages other than home come in their own chunk, so the home page never downloads them.
const Page = page === 'home' ? App : (await import('../pages')).secondaryPages[page];
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Page content={content} />
  </StrictMode>
);

if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
