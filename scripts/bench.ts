/**
 * `npm run bench`: how fast the page is, measured as issue 7 asks, printed as one table.
 *
 * Builds the site, and a plain client-rendered build of the same page (no prerender, one bundle
 * with the voice SDK: scripts/bench/plain-entry.tsx) as a yardstick, serves each with the real
 * production server, and for each language runs Lighthouse 12.8.2 (mobile preset with its default
 * throttling, and desktop) RUNS times, keeping the median of each figure; measures the longest
 * main-thread task of a load with the CPU slowed 4× (Chromium's own throttling), and the brotli
 * sizes. Ours/plain ratios make results comparable across machines. A report, not a test: these
 * machines are noisy, so it exits 0 even when a figure misses its budget. `--runs N` changes RUNS.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startServer, type RunningServer } from '../e2e/helpers/server';
import { buildSite } from './build';
import { BUDGETS, brotliSize, measurePageWeight } from './lib/page-weight';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const WORK = resolve('.tmp/bench');
const PAGES = [
  { language: 'en', path: '/' },
  { language: 'fr', path: '/fr/' },
] as const;
type Preset = 'mobile' | 'desktop';

type Figures = { performance: number; accessibility: number; bestPractices: number; seo: number; lcp: number; tbt: number; cls: number; longTask: number };

const log = (message: string) => process.stderr.write(`${message}\n`);

async function main() {
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  log('building the site and the plain client-rendered build...');
  await buildSite(join(WORK, 'ours'), { quiet: true });
  await buildPlain(join(WORK, 'plain'));

  const results: Record<'ours' | 'plain', Record<string, Figures>> = { ours: {}, plain: {} };
  for (const variant of ['ours', 'plain'] as const) {
    const server = await startServer({ STATIC_DIR: join(WORK, variant), SQLITE_PATH: join(WORK, `${variant}.sqlite`), DATABASE_URL: '' });
    try {
      for (const { language, path } of PAGES) {
        for (const preset of ['mobile', 'desktop'] as const) {
          log(`${variant} ${language} ${preset}: Lighthouse ×${RUNS}, 4× CPU load ×${RUNS}`);
          results[variant][`${preset} ${language}`] = await measure(server, path, preset);
        }
      }
    } finally {
      await server.stop();
    }
  }
  const sizes = { ours: await oursSizes(), plain: await plainSizes() };
  const table = report(results, sizes);
  console.log(machine());
  console.log(table);
  await writeFile(join(WORK, 'results.json'), `${JSON.stringify({ results, sizes, table }, null, 2)}\n`);
}

/** The same page, client-rendered from one bundle (dynamic imports inlined, the SDK included). */
async function buildPlain(outDir: string) {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: resolve('vite.config.ts'),
      logLevel: 'error',
      mode: 'production',
      build: {
        outDir,
        emptyOutDir: true,
        manifest: false,
        chunkSizeWarningLimit: 10_000,
        rolldownOptions: { input: resolve('scripts/bench/plain.html'), output: { codeSplitting: false } },
      },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const html = await readFile(join(outDir, 'scripts/bench/plain.html'), 'utf8');
  await writeFile(join(outDir, 'index.html'), html);
  await mkdir(join(outDir, 'fr'), { recursive: true });
  await writeFile(join(outDir, 'fr/index.html'), html.replace('<html lang="en">', '<html lang="fr">'));
  const scripts = (await readdir(join(outDir, 'assets'))).filter((file) => file.endsWith('.js'));
  if (scripts.length !== 1) throw new Error(`the plain build should be one bundle, not ${scripts.join(', ')}`);
}

async function measure(server: RunningServer, path: string, preset: Preset): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run++) runs.push({ ...(await runLighthouse(`${server.url}${path}`, preset)), longTask: await longestTask(`${server.url}${path}`, preset) });
  const median = (key: keyof Figures) => {
    const values = runs.map((figures) => figures[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return Object.fromEntries(Object.keys(runs[0]!).map((key) => [key, median(key as keyof Figures)])) as Figures;
}

async function runLighthouse(url: string, preset: Preset): Promise<Omit<Figures, 'longTask'>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: (audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

/** The longest main-thread task while the page loads, hydrates and is read to the end, CPU 4× slower. */
async function longestTask(url: string, preset: Preset): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const context = await browser.newContext(
      preset === 'mobile' ? { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 } : { viewport: { width: 1350, height: 940 } },
    );
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: number[] = ((window as unknown as { longTasks: number[] }).longTasks = []);
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.push(entry.duration))).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, { timeout: 60_000 });
    await page.waitForTimeout(2000);
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(1000);
    return Math.max(0, ...(await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)));
  } finally {
    await browser.close();
  }
}

type Sizes = { initialJs: number; css: number; html: number };

async function oursSizes(): Promise<Record<string, Sizes>> {
  const weights = await measurePageWeight(join(WORK, 'ours'));
  const of = (file: string) => weights.find((weight) => weight.file === file)!;
  return Object.fromEntries(
    PAGES.map(({ language, path }) => {
      const weight = of(`${path.slice(1)}index.html`);
      return [language, { initialJs: weight.initialJs, css: weight.css, html: weight.firstScreenHtml }];
    }),
  );
}

/** The plain build loads everything at once: its one bundle, its stylesheet, its (empty) page. */
async function plainSizes(): Promise<Record<string, Sizes>> {
  const dir = join(WORK, 'plain');
  const assets = await readdir(join(dir, 'assets'));
  const total = async (extension: string) => {
    let bytes = 0;
    for (const file of assets.filter((name) => name.endsWith(extension))) bytes += brotliSize(await readFile(join(dir, 'assets', file)));
    return bytes;
  };
  const sizes = { initialJs: await total('.js'), css: await total('.css'), html: brotliSize(await readFile(join(dir, 'index.html'))) };
  return { en: sizes, fr: sizes };
}

function report(results: Record<'ours' | 'plain', Record<string, Figures>>, sizes: Record<'ours' | 'plain', Record<string, Sizes>>): string {
  const rows: string[] = ['| figure | budget | ours | plain client-rendered | ours / plain | |', '|---|---|---|---|---|---|'];
  const row = (name: string, budget: string, ours: number, plain: number, format: (value: number) => string, pass: boolean) =>
    rows.push(`| ${name} | ${budget} | ${format(ours)} | ${format(plain)} | ${plain ? (ours / plain).toFixed(2) : '–'} | ${pass ? 'pass' : '**miss**'} |`);
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const { language } of PAGES) {
      const ours = results.ours[`${preset} ${language}`]!;
      const plain = results.plain[`${preset} ${language}`]!;
      const label = `${preset} ${language}`;
      for (const [key, name] of [['performance', 'Performance'], ['accessibility', 'Accessibility'], ['bestPractices', 'Best Practices'], ['seo', 'SEO']] as const) {
        row(`${label}: ${name}`, '100', ours[key], plain[key], String, ours[key] === 100);
      }
      if (preset === 'mobile') {
        row(`${label}: LCP`, '≤ 1.2 s', ours.lcp, plain.lcp, (value) => `${value.toFixed(2)} s`, ours.lcp <= 1.2);
        row(`${label}: Total Blocking Time`, '≤ 50 ms', ours.tbt, plain.tbt, (value) => `${Math.round(value)} ms`, ours.tbt <= 50);
        row(`${label}: CLS`, '0', ours.cls, plain.cls, (value) => value.toFixed(3), Number(ours.cls.toFixed(3)) === 0);
      }
      row(`${label}: longest task, CPU 4× slower`, '≤ 50 ms', ours.longTask, plain.longTask, (value) => `${Math.round(value)} ms`, ours.longTask <= 50);
    }
  }
  for (const { language } of PAGES) {
    const [ours, plain] = [sizes.ours[language]!, sizes.plain[language]!];
    row(`${language}: initial JavaScript (brotli)`, '≤ 70 KB', ours.initialJs, plain.initialJs, kb, ours.initialJs <= BUDGETS.initialJs);
    row(`${language}: CSS (brotli)`, '≤ 12 KB', ours.css, plain.css, kb, ours.css <= BUDGETS.css);
    row(`${language}: first-screen HTML (brotli)`, '≤ 14 KB', ours.html, plain.html, kb, ours.html <= BUDGETS.firstScreenHtml);
  }
  return rows.join('\n');
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function machine(): string {
  const browserVersion = execFileSync(CHROME, ['--version'], { encoding: 'utf8' }).trim();
  return [
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${browserVersion}`,
    `Lighthouse 12.8.2, median of ${RUNS} runs per figure; ${new Date().toISOString().slice(0, 10)}`,
  ].join('\n');
}

await main();
