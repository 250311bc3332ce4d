import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { site } from '../../config/site';
import { DEFAULT_LOCALE, getContent, type Locale } from '../content';
import { boot } from '../lib/boot';
import { App } from './App';
import { fillContent } from './content-context';
import './index.css';

// In production the prerendered HTML already ran the boot script inline; `vite dev` serves no HTML.
if (!document.documentElement.classList.contains('js')) boot();

const locale = (document.documentElement.lang || DEFAULT_LOCALE) as Locale;
const content = fillContent(getContent(locale), site);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App content={content} />
  </StrictMode>
);

if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
