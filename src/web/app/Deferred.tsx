import { createContext, Suspense, useContext, type ComponentType } from 'react';

/**
 * The parts of the home page below the first screen, in page order. The prerendered HTML has them
 * all; in the browser each hydrates later, from its own chunk, when it comes near the viewport or
 * when the browser is idle after load (./lazy-sections.ts), so the first screen is interactive
 * after only the navigation and the hero have hydrated.
 */
export const DEFERRED_SECTIONS = [
  'services',
  'voice-demo',
  'benefits',
  'testimonials',
  'delivery',
  'contact',
  'banner',
  'faq',
  'footer',
  'toasts',
] as const;
export type DeferredSection = (typeof DEFERRED_SECTIONS)[number];
export type SectionComponents = Record<DeferredSection, ComponentType>;

const SectionsContext = createContext<SectionComponents | null>(null);
export const SectionsProvider = SectionsContext.Provider;

/**
 * One below-the-fold part. The Suspense boundary lets Preact hydrate the rest of the page while
 * this part's code is still loading (the lazy part suspends): its prerendered HTML stays as it is
 * meanwhile. The wrapper is what lazy-sections.ts watches to know when the part comes near the
 * viewport (and where the size check in scripts/lib/page-weight.ts ends the first screen).
 */
export function Deferred({ section }: { section: DeferredSection }) {
  const sections = useContext(SectionsContext);
  if (!sections) throw new Error('<Deferred> needs a <SectionsProvider> above it');
  const Section = sections[section];
  return (
    <div data-deferred={section}>
      <Suspense fallback={null}>
        <Section />
      </Suspense>
    </div>
  );
}

const hydrated = new Set<DeferredSection>();

/**
 * Called by each part once it has hydrated (lazy-sections.tsx): marks its wrapper `data-hydrated`,
 * and `<html data-hydrated>` once every deferred part is interactive: browser tests wait for it
 * before they click anywhere on the page.
 */
export function markHydrated(section: DeferredSection) {
  hydrated.add(section);
  document.querySelector(`[data-deferred="${section}"]`)?.setAttribute('data-hydrated', '');
  if (DEFERRED_SECTIONS.every((name) => hydrated.has(name))) document.documentElement.setAttribute('data-hydrated', '');
}
