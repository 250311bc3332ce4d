import type { Layout } from '../lib/layout';

/** How tall a section is until the browser lays it out, per layout, in CSS pixels. */
export type EstimatedHeight = Record<Layout, number>;

/**
 * The room each section below the first screen keeps until the visitor nears it. Those sections
 * are `content-visibility: auto` (app/index.css): the browser styles, lays out and paints them only
 * near the viewport, and until then gives each the height written here (then the height it really
 * took, once it has been shown). One rule per section and layout, from the registry
 * (app/sections.ts); the prerender step adds them to the page's inline critical CSS.
 */
export function heightRules(sections: readonly { id: string; height: EstimatedHeight }[]): string {
  return sections
    .flatMap(({ id, height }) =>
      (Object.keys(height) as Layout[]).map((layout) => `.layout-${layout} [data-section=${id}]{--estimated-height:${height[layout]}px}`),
    )
    .join('');
}

