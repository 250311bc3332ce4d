import type { Layout } from '../lib/layout';
import measured from './section-heights.json';

/** How tall a section is until the browser lays it out, per layout, in CSS pixels. */
export type EstimatedHeight = Record<Layout, number>;

/**
 * Each section's height as measured on the built page (`npm run heights -- --write`: the French
 * page, at 412 and 1350 px wide); e2e/section-heights.test.ts fails when one drifts from the page.
 */
export const ESTIMATED_HEIGHTS: Readonly<Record<string, EstimatedHeight>> = measured;

/**
 * The room each section below the first screen keeps until the visitor nears it. Those sections
 * are `content-visibility: auto` (app/index.css): the browser styles, lays out and paints them only
 * near the viewport, and until then gives each its measured height (then the height it really
 * took, once it has been shown). One rule per section and layout, for the registry's sections
 * (app/sections.ts); the prerender step adds them to the page's inline critical CSS.
 */
export function heightRules(sections: readonly { id: string }[]): string {
  return sections
    .flatMap(({ id }) => {
      const height = ESTIMATED_HEIGHTS[id];
      if (!height) throw new Error(`No measured height for the section "${id}": run npm run heights -- --write`);
      return (Object.keys(height) as Layout[]).map((layout) => `.layout-${layout} [data-section=${id}]{--estimated-height:${height[layout]}px}`);
    })
    .join('');
}
