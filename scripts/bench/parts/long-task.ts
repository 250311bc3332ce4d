/**
 * The longest main-thread task while a page loads, hydrates and is read to the end, with the CPU
 * slowed 4× by Chromium itself (CDP `Emulation.setCPUThrottlingRate`). Lighthouse's TBT only covers
 * the load, while this page hydrates its lower sections later (when the browser is idle, or when
 * they are scrolled near), so this measurement waits ~5 s after `load`, then scrolls to the bottom
 * and waits again. Tasks are seen by a buffered `longtask` PerformanceObserver registered before
 * any script of the page runs. Long animation frames (`long-animation-frame`, with their script
 * attribution) tell which of them ran the page's own code: the longest single script run (module
 * evaluation, hydration, a handler, a timer) is reported apart from tasks that only parsed, styled,
 * laid out or painted the prerendered page.
 */
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import type { BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../../lib/chromium';
import type { Preset } from './figures';

const CPU_SLOWDOWN = 4;
/** After `load`: time for the lower sections to hydrate, one per idle period. */
const IDLE_AFTER_LOAD_MS = 5_000;
/** Scrolling: three quarters of a screen at a time, so the sections come near one after another. */
const SCROLL_STEP_SCREENS = 0.75;
const SCROLL_STEP_MS = 150;
const MAX_SCROLL_STEPS = 200;
const AFTER_SCROLL_MS = 2_000;

/** The phone and the desktop Lighthouse emulates: screen and user agent (the page's layout depends on both). */
const CONTEXTS: Record<Preset, BrowserContextOptions> = {
  mobile: emulation('mobile'),
  desktop: emulation('desktop'),
};

function emulation(preset: Preset): BrowserContextOptions {
  const { width, height, deviceScaleFactor, mobile } = screenEmulationMetrics[preset];
  return { viewport: { width, height }, deviceScaleFactor, isMobile: mobile, hasTouch: mobile, userAgent: userAgents[preset] };
}

/** The part of a `long-animation-frame` entry read here (TypeScript's DOM types do not have it yet). */
type LongAnimationFrame = { scripts: { duration: number; invokerType: string; invoker: string; sourceURL: string }[] };

/** What the page's observers collected: long tasks, and the scripts that ran in long animation frames. */
type Observed = { longTasks: { start: number; duration: number }[]; scripts: { duration: number; source: string }[] };
/** The longest task (ms, and when it started), and the longest script run within a task (ms, and what it was). */
export type LongestTask = { duration: number; start: number; script: number; scriptSource: string };

export async function longestTask(url: string, preset: Preset): Promise<LongestTask> {
  return withSlowedPage(preset, async (page) => {
    await page.addInitScript(() => {
      const observed: Observed = { longTasks: [], scripts: [] };
      Object.assign(window, observed);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) observed.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const frame of list.getEntries() as unknown as LongAnimationFrame[]) {
          for (const script of frame.scripts) {
            observed.scripts.push({ duration: script.duration, source: `${script.invokerType} ${script.invoker} ${script.sourceURL.split('/').pop()}` });
          }
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    await load(page, url);
    await page.waitForTimeout(IDLE_AFTER_LOAD_MS);
    await scrollToBottom(page);
    await page.waitForTimeout(AFTER_SCROLL_MS);
    const { longTasks, scripts } = await page.evaluate(() => ({
      longTasks: (window as unknown as Observed).longTasks,
      scripts: (window as unknown as Observed).scripts,
    }));
    const longest = longTasks.reduce((a, b) => (b.duration > a.duration ? b : a), { start: 0, duration: 0 });
    const script = scripts.reduce((a, b) => (b.duration > a.duration ? b : a), { duration: 0, source: 'none over 5 ms' });
    return { duration: Math.round(longest.duration), start: Math.round(longest.start), script: Math.round(script.duration), scriptSource: script.source };
  });
}

/**
 * `measure` given a page in a fresh browser (a visitor's first visit), as Lighthouse's phone or desktop,
 * with the CPU slowed CPU_SLOWDOWN times. Also used by ./anatomy.ts.
 */
export async function withSlowedPage<T>(preset: Preset, measure: (page: Page, cdp: CDPSession) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext(CONTEXTS[preset]);
    // Closed before the browser: closing a browser with a throttled page still open takes seconds.
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      return await measure(page, cdp);
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** Navigates to `url` and waits for `load`; a page that does not answer 2xx is an error. */
export async function load(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
}

/** A step every SCROLL_STEP_MS until the bottom, which may move as sections hydrate. */
async function scrollToBottom(page: Page) {
  for (let step = 0; step < MAX_SCROLL_STEPS; step++) {
    const atBottom = await page.evaluate((screens) => {
      window.scrollBy({ top: innerHeight * screens, behavior: 'instant' });
      return scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
    }, SCROLL_STEP_SCREENS);
    await page.waitForTimeout(SCROLL_STEP_MS);
    if (atBottom) return;
  }
  throw new Error(`${page.url()}: still not at the bottom after ${MAX_SCROLL_STEPS} steps`);
}
