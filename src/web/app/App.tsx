import type { FirstScreenContent } from '../content';
import { LanguageOffer } from '../features/language/LanguageOffer';
import { Hero } from '../sections/hero/Hero';
import { DesktopNav } from '../sections/nav/DesktopNav';
import { MobileNav } from '../sections/nav/MobileNav';
import { ContentProvider } from './content-context';
import { Deferred, SectionsProvider, type SectionComponents } from './Deferred';
import { staged } from './staged';

// Hydrated one after the other, each in a task of its own (./staged.tsx): the bars, then the hero.
const MobileBar = staged(MobileNav);
const DesktopBar = staged(DesktopNav);
const HeroPart = staged(Hero);

/**
 * The page, section by section, in the order of spec §2. The navigation and the hero hydrate at
 * once, one task each; everything below them is a <Deferred> part, given eagerly by the prerender
 * step and tests (eager-sections.ts) and lazily by the browser (lazy-sections.ts).
 */
export function App({ content, sections }: { content: FirstScreenContent; sections: SectionComponents }) {
  return (
    <ContentProvider content={content}>
      <SectionsProvider value={sections}>
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {content.a11y.skipToContent}
        </a>
        <LanguageOffer page="home" />
        <MobileBar />
        <DesktopBar />
        <main id="main" tabIndex={-1} className="outline-none">
          <HeroPart />
          <Deferred section="services" />
          <Deferred section="voice-demo" />
          <Deferred section="benefits" />
          <Deferred section="testimonials" />
          <Deferred section="delivery" />
          <Deferred section="contact" />
          <Deferred section="banner" />
          <Deferred section="faq" />
        </main>
        <Deferred section="footer" />
        <Deferred section="toasts" />
      </SectionsProvider>
    </ContentProvider>
  );
}
