/**
 * The same page as a plain client-rendered app, the yardstick of scripts/bench/page.ts: no prerender,
 * every section and both languages' copy in one bundle, rendered in the browser. The build inlines
 * dynamic imports, so the voice SDK is in that bundle too (scripts/bench/page.ts checks there is one).
 */
import { createRoot } from 'react-dom/client';
import { site } from '../../../src/config/site';
import { App } from '../../../src/web/app/App';
import '../../../src/web/app/index.css';
import { BELOW_THE_FOLD } from '../../../src/web/app/sections';
import { Toasts } from '../../../src/web/app/Toasts';
import { getContent } from '../../../src/content/all';
import { fillContent } from '../../../src/content';
import { heightRules } from '../../../src/web/hydration/heights';
import { capturePending } from '../../../src/web/hydration/pending';
import { pageParts } from '../../../src/web/hydration/Slot';
import { RenderStatic } from '../../../src/web/hydration/Static';
import { boot } from '../../../src/web/lib/boot';

boot();
capturePending();
document.head.append(Object.assign(document.createElement('style'), { textContent: heightRules(BELOW_THE_FOLD) }));
const content = fillContent(getContent(document.documentElement.lang.startsWith('fr') ? 'fr' : 'en'), site);
const parts = pageParts(
  BELOW_THE_FOLD,
  () => Promise.resolve(content),
  () => Promise.resolve(Toasts),
);
createRoot(document.getElementById('root')!).render(
  <RenderStatic value>
    <App content={content} parts={parts} />
  </RenderStatic>,
);
