import type { SectionAnchor } from '../../content/types';
import { prefersReducedMotion, type Layout } from './layout';

/** The mobile nav scrolls to 60 px above a section, 100 px more for the contact form. */
export const MOBILE_SCROLL_OFFSET = 60;
export const MOBILE_CONTACT_FORM_EXTRA = 100;
/** Desktop: clear the fixed navigation bar. */
export const DESKTOP_SCROLL_OFFSET = 80;
/** The active item is the section whose box spans this distance from the viewport top. */
export const ACTIVE_SECTION_LINE = 110;

export function scrollOffset(anchor: SectionAnchor, layout: Layout): number {
  if (layout === 'desktop') return DESKTOP_SCROLL_OFFSET;
  return MOBILE_SCROLL_OFFSET + (anchor === 'contact-form' ? MOBILE_CONTACT_FORM_EXTRA : 0);
}

/** Document Y coordinate to scroll to so that the element sits `offset` px below the top. */
export function scrollTargetY(elementTop: number, currentScrollY: number, offset: number): number {
  return Math.max(0, Math.round(elementTop + currentScrollY - offset));
}

/**
 * Smoothly scrolls to a section and moves keyboard focus there, so the next Tab continues from
 * the section rather than from the link that was used.
 */
export function scrollToSection(anchor: SectionAnchor, layout: Layout): void {
  const element = document.getElementById(anchor);
  if (!element) return;
  // Sections not yet shown hold only an estimated height (hydration/heights.ts): lay them out for
  // real, or the scroll would end where the estimates put the section.
  document.documentElement.classList.add('full-layout');
  const top = scrollTargetY(element.getBoundingClientRect().top, scrollY, scrollOffset(anchor, layout));
  scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  history.replaceState(null, '', `#${anchor}`);
}

/**
 * Which of the given sections spans the line ACTIVE_SECTION_LINE px below the viewport top.
 * `boxes` are in page order; returns null above the first section or between sections.
 */
export function activeSection<T extends string>(boxes: { id: T; top: number; bottom: number }[]): T | null {
  const hit = boxes.find((box) => box.top <= ACTIVE_SECTION_LINE && box.bottom > ACTIVE_SECTION_LINE);
  return hit ? hit.id : null;
}
