/**
 * One Lighthouse 12.8.2 run of one page, in a Chromium of its own: the mobile preset (Lighthouse's
 * default configuration, with its simulated slow-4G and 4× CPU throttling) or the desktop one.
 */
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium';
import type { LighthouseFigures, Preset } from './figures';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export const LIGHTHOUSE_VERSION: string = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;

/** Lighthouse sometimes fails to record a load's trace (NO_NAVSTART, "Please run Lighthouse again"). */
const ATTEMPTS = 3;

export async function runLighthouse(url: string, preset: Preset): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, preset);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === ATTEMPTS) throw error;
      process.stderr.write(`${error.message}; running it again\n`);
    }
  }
}

class LighthouseRunError extends Error {}

async function runOnce(url: string, preset: Preset): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    // The full-page screenshot only illustrates the HTML report (saves ~1 s a run).
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: CATEGORIES, disableFullPageScreenshot: true };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return figures(result.lhr, url);
  } finally {
    chrome.kill();
  }
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The figures of the report, or an error when the run failed (a failed run scores 0: not a figure). */
function figures(lhr: Result, url: string): LighthouseFigures {
  if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (value === null || value === undefined) throw new Error(`Lighthouse gave no ${id} score for ${url}`);
    return Math.round(value * 100);
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id} for ${url}: ${lhr.audits[id]?.errorMessage ?? 'no audit'}`);
    return value;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint') / 1000,
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}
