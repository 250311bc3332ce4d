/**
 * The same page as a plain client-rendered app, the yardstick of scripts/bench.ts: no prerender,
 * every section and both languages' copy in one bundle, rendered in the browser. The build inlines
 * dynamic imports, so the voice SDK is in that bundle too (scripts/bench.ts checks there is one).
 */
import { createRoot } from 'react-dom/client';
import { site } from '../../src/config/site';
import { App } from '../../src/web/app/App';
import { fillContent } from '../../src/web/app/content-context';
import { eagerSections } from '../../src/web/app/eager-sections';
import '../../src/web/app/index.css';
import { getContent } from '../../src/web/content/all';
import { boot } from '../../src/web/lib/boot';
import { revealForms } from '../../src/web/lib/deferred-forms';

boot(revealForms);
const locale = document.documentElement.lang.startsWith('fr') ? 'fr' : 'en';
createRoot(document.getElementById('root')!).render(<App content={fillContent(getContent(locale), site)} sections={eagerSections} />);
