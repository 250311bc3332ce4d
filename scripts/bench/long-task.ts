/**
 * The longest main-thread task while a page loads, hydrates and is read to the end, with the CPU
 * slowed 4× by Chromium itself (CDP `Emulation.setCPUThrottlingRate`). Lighthouse's TBT only covers
 * the load, while this page hydrates its lower sections later (when the browser is idle, or when
 * they are scrolled near), so this measurement waits ~5 s after `load`, then scrolls to the bottom
 * and waits again. Tasks are seen by a buffered `longtask` PerformanceObserver registered before
 * any script of the page runs.
 */
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
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

/** What the page's observer collected: each long task's start (ms since navigation) and duration. */
type Observed = { longTasks: { start: number; duration: number }[] };
export type LongestTask = { duration: number; start: number };

export async function longestTask(url: string, preset: Preset): Promise<LongestTask> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    return await measure(browser, url, preset);
  } finally {
    await browser.close();
  }
}

async function measure(browser: Browser, url: string, preset: Preset): Promise<LongestTask> {
  const context = await browser.newContext(CONTEXTS[preset]);
  // Closed before the browser: closing a browser with a throttled page still open takes seconds.
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: Observed['longTasks'] = [];
      (window as unknown as Observed).longTasks = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    await page.waitForTimeout(IDLE_AFTER_LOAD_MS);
    await scrollToBottom(page);
    await page.waitForTimeout(AFTER_SCROLL_MS);
    const tasks = await page.evaluate(() => (window as unknown as Observed).longTasks);
    const longest = tasks.reduce((a, b) => (b.duration > a.duration ? b : a), { start: 0, duration: 0 });
    return { duration: Math.round(longest.duration), start: Math.round(longest.start) };
  } finally {
    await context.close();
  }
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
