import type { MouseEvent, ReactNode } from 'react';
import type { SectionAnchor } from '../../content/types';
import { currentLayout } from '../lib/layout';
import { scrollToSection } from '../lib/scroll';

/**
 * An in-page link. Without JavaScript it is a plain anchor (CSS scroll margins clear the fixed
 * bars); with it, it scrolls smoothly to the page's offsets (lib/scroll.ts) and moves focus to the section.
 */
export function SectionLink({
  anchor,
  className,
  children,
  onNavigate,
  ...rest
}: {
  anchor: SectionAnchor;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
  'aria-current'?: 'location' | undefined;
}) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    scrollToSection(anchor, currentLayout());
  }
  return (
    <a href={`#${anchor}`} className={className} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
