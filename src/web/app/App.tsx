import { useEffect } from 'react';
import type { FirstScreenContent } from '../../content';
import { ContentProvider } from '../lib/content-context';
import { pauseMotionOffScreen } from '../lib/motion';
import { SkipLink } from '../components/SkipLink';
import { LanguageOffer } from '../features/language/LanguageOffer';
import { Live, NotificationsSlot, Slot, type PageParts } from '../hydration/Slot';
import { DesktopNav } from '../sections/nav/DesktopNav';
import { MobileNav } from '../sections/nav/MobileNav';
import { NAV_ANCHORS, SECTIONS, type SectionEntry } from './sections';

/**
 * The home page: the bars, then the registry's sections in order (./sections.ts). The bars and the
 * first screen hydrate with the root; each section below is a part that loads and hydrates on its
 * own (`parts`: the same components on the server and in the browser, hydration/Slot.tsx).
 */
export function App({ content, parts }: { content: FirstScreenContent; parts: PageParts }) {
  // Once React holds the page's parts: an attribute it finds on them while it hydrates is a mismatch.
  useEffect(pauseMotionOffScreen, []);
  const navLinks = NAV_ANCHORS.map((anchor) => ({ anchor, label: content.nav[anchor] }));
  const render = (entry: SectionEntry) =>
    entry.placement === 'first-screen' ? <entry.Component key={entry.id} /> : <Slot key={entry.id} section={entry} Part={parts.section(entry.id)} />;
  return (
    <ContentProvider content={content}>
      <Live name="root" selector="#root" />
      <SkipLink label={content.a11y.skipToContent} />
      <LanguageOffer page="home" />
      <MobileNav links={navLinks} />
      <DesktopNav links={navLinks} />
      <main id="main" tabIndex={-1} className="outline-none">
        {SECTIONS.filter((entry) => !('afterMain' in entry)).map(render)}
      </main>
      {SECTIONS.filter((entry) => 'afterMain' in entry).map(render)}
      <NotificationsSlot Part={parts.Notifications} />
    </ContentProvider>
  );
}
