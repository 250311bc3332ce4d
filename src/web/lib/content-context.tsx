import { createContext, useContext, type ReactNode } from 'react';
import type { Content, FirstScreenContent } from '../../content';

const ContentContext = createContext<FirstScreenContent | Content | null>(null);

/**
 * The copy for the components below. In the browser the home page starts with the first screen's
 * copy only; each section below it gets the whole copy with its code (hydration/Slot.tsx).
 */
export function ContentProvider({ content, children }: { content: FirstScreenContent | Content; children: ReactNode }) {
  return <ContentContext.Provider value={content}>{children}</ContentContext.Provider>;
}

/** The copy of the first screen (navigation, hero, accessible names): for components drawn there. */
export function useFirstScreenContent(): FirstScreenContent {
  const content = useContext(ContentContext);
  if (!content) throw new Error('useFirstScreenContent() needs a <ContentProvider> above it');
  return content;
}

/** The whole copy: for the sections below the first screen and the other pages. */
export function useContent(): Content {
  const content = useFirstScreenContent();
  if (!isWhole(content)) throw new Error('useContent() in the first screen: use useFirstScreenContent(), or move the text to FirstScreenContent');
  return content;
}

function isWhole(content: FirstScreenContent | Content): content is Content {
  return 'footer' in content;
}
