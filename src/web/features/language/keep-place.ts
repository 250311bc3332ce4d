import { ACTIVE_SECTION_LINE } from '../../lib/scroll';

/**
 * Elements that mark a place on a page and exist, with the same id, in every language: sections,
 * their headings, the contact form card and the FAQ questions. Their ids come from code, never
 * from copy, so `#faq-our-process-button` on the English page is the same question in French.
 */
const PLACE_MARKERS = 'main section[id], main h2[id], main h3[id], main [data-faq-item] button[id], main #contact-form';

/**
 * The last marker (in page order) whose top has reached the reading line: the place the visitor
 * is at. Null at the top of the page, before the first marker.
 */
export function placeAt<T extends { id: string; top: number }>(markers: T[], line = ACTIVE_SECTION_LINE): string | null {
  let place: string | null = null;
  for (const marker of markers) if (marker.top <= line) place = marker.id;
  return place;
}

/** The id of the place the visitor is reading on this page (see placeAt), skipping hidden markers. */
export function currentPlace(root: ParentNode = document): string | null {
  const markers = [...root.querySelectorAll<HTMLElement>(PLACE_MARKERS)]
    // The other layout's copies and closed panels have no box.
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => ({ id: element.id, top: element.getBoundingClientRect().top }));
  return placeAt(markers);
}
