import { ACTIVE_SECTION_LINE } from '../../lib/scroll';

/**
 * Elements that mark a place on a page and exist, with the same id, in every language: sections,
 * their headings, the contact form card and the FAQ questions. Their ids come from code, never
 * from copy, so `#faq-our-process-button` on the English page is the same question in French.
 */
const PLACE_MARKERS = 'section[id], h2[id], h3[id], [data-faq-item] button[id], #contact-form';

/**
 * The last marker (in page order) whose top has reached the reading line: the place the visitor
 * is at. Null at the top of the page, before the first marker.
 */
export function placeAt<T extends { id: string; top: number }>(markers: T[], line = ACTIVE_SECTION_LINE): string | null {
  let place: string | null = null;
  for (const marker of markers) if (marker.top <= line) place = marker.id;
  return place;
}

/**
 * The sections below the first screen, each in a wrapper the browser lays out only near the viewport
 * (`content-visibility: auto`, hydration/Slot.tsx): the wrapper's own box is known without it.
 */
const SECTION_WRAPPERS = 'main [data-section]';

/** The markers among `elements` that have a box (the other layout's copies and closed panels have none). */
function boxes(elements: Iterable<HTMLElement>) {
  return [...elements]
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => ({ id: element.id, top: element.getBoundingClientRect().top }));
}

/**
 * The id of the place the visitor is reading on this page (see placeAt). The markers' boxes are read
 * in the section at the reading line only (or the ones above it, when it has none): reading one inside
 * a section far off screen makes the browser lay it out: reading them all takes the language
 * switch's click past its 100 ms budget on a 4× slower phone (docs/performance.md).
 */
export function currentPlace(root: ParentNode = document): string | null {
  const reached = [...root.querySelectorAll<HTMLElement>(SECTION_WRAPPERS)].filter((wrapper) => {
    const rects = wrapper.getClientRects();
    return rects.length > 0 && rects[0]!.top <= ACTIVE_SECTION_LINE;
  });
  for (let index = reached.length - 1; index >= 0; index--) {
    const place = placeAt(boxes(reached[index]!.querySelectorAll<HTMLElement>(PLACE_MARKERS)));
    if (place) return place;
  }
  // The first screen's markers, above every wrapper.
  const firstScreen = [...root.querySelectorAll<HTMLElement>(`main :is(${PLACE_MARKERS})`)].filter((element) => !element.closest(SECTION_WRAPPERS));
  return placeAt(boxes(firstScreen));
}
