/**
 * The heights the sections below the first screen really take, which the page keeps for them until
 * the browser lays them out (`content-visibility: auto`, src/web/hydration/heights.ts): an estimate
 * far off moves what a visitor scrolls to. Measured on the French page (the longer copy), at 412 and
 * 1350 px wide, every section laid out (`full-layout`), in Chromium.
 */
import type { Browser } from 'playwright-core';
import { ESTIMATED_HEIGHTS, type EstimatedHeight } from '../../src/web/hydration/heights';

export const MEASURE_WIDTHS = { mobile: 412, desktop: 1350 } as const;
type Layout = keyof typeof MEASURE_WIDTHS;

/** How far an estimate may be from the page: 8 % of the section, at least 24 px. */
export const HEIGHT_TOLERANCE = { ratio: 0.08, minPx: 24 } as const;

const withinTolerance = (estimate: number | undefined, measured: number) =>
  estimate !== undefined && Math.abs(estimate - measured) <= Math.max(HEIGHT_TOLERANCE.minPx, measured * HEIGHT_TOLERANCE.ratio);

/** Every section of the page (`[data-section]`, in page order) and its height per layout. */
export async function measureSectionHeights(browser: Browser, homeUrl: string): Promise<Record<string, EstimatedHeight>> {
  const heights: Record<string, Partial<EstimatedHeight>> = {};
  for (const [layout, width] of Object.entries(MEASURE_WIDTHS) as [Layout, number][]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(homeUrl, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated]');
    const measured = await page.evaluate(async () => {
      document.documentElement.classList.add('full-layout');
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return [...document.querySelectorAll<HTMLElement>('[data-section]')].map(
        (part) => [part.dataset.section!, Math.round(part.getBoundingClientRect().height)] as const,
      );
    });
    for (const [id, height] of measured) (heights[id] ??= {})[layout] = height;
    await context.close();
  }
  return heights as Record<string, EstimatedHeight>;
}

/** One line per section, estimate → measure per layout, and the sections whose estimate is off. */
export function heightReport(measured: Record<string, EstimatedHeight>): { lines: string[]; off: string[] } {
  const off: string[] = [];
  const lines = Object.entries(measured).map(([id, height]) => {
    const cells = (Object.keys(MEASURE_WIDTHS) as Layout[]).map((layout) => {
      const estimate = ESTIMATED_HEIGHTS[id]?.[layout];
      const ok = withinTolerance(estimate, height[layout]);
      if (!ok && !off.includes(id)) off.push(id);
      return `${layout} ${estimate ?? 'none'} → ${height[layout]} px${ok ? '' : ' (off)'}`;
    });
    return `${id.padEnd(13)} ${cells.join(', ')}`;
  });
  return { lines, off };
}
