import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BELOW_THE_FOLD } from '../src/web/app/sections';
import { pagePath } from '../src/web/lib/pages';
import { HEIGHT_TOLERANCE, heightReport, measureSectionHeights } from '../scripts/lib/section-heights';
import { launchBrowser } from './helpers/browser';

/**
 * The room each section below the first screen keeps until it is laid out is measured on the page
 * (src/web/hydration/section-heights.json, by `npm run heights -- --write`), never typed: this test
 * measures the built page again and fails when a section has no estimate or drifted from it.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('section height estimates', () => {
  it(`are within ${HEIGHT_TOLERANCE.ratio * 100} % (at least ${HEIGHT_TOLERANCE.minPx} px) of each registered section's height, on a phone and a desktop`, async () => {
    const measured = await measureSectionHeights(browser, `${baseUrl}${pagePath('home', 'fr')}`);
    expect(Object.keys(measured)).toEqual(BELOW_THE_FOLD.map((entry) => entry.id));
    const { lines, off } = heightReport(measured);
    expect(off, `estimate → measure (npm run heights -- --write updates them):\n${lines.join('\n')}`).toEqual([]);
  });
});
