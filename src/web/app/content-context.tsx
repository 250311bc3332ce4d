import { createContext, useContext, type ReactNode } from 'react';
import type { SiteConfig } from '../../config/site-schema';
import { fill, type Content } from '../content';

const ContentContext = createContext<Content | null>(null);

/** Content with every {placeholder} filled from the site configuration. */
export function fillContent<T>(value: T, site: SiteConfig): T {
  if (typeof value === 'string') return fill(value, site) as T;
  if (Array.isArray(value)) return value.map((item) => fillContent(item, site)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillContent(item, site)])) as T;
  }
  return value;
}

export function ContentProvider({ content, children }: { content: Content; children: ReactNode }) {
  return <ContentContext.Provider value={content}>{children}</ContentContext.Provider>;
}

export function useContent(): Content {
  const content = useContext(ContentContext);
  if (!content) throw new Error('useContent() needs a <ContentProvider> above it');
  return content;
}
