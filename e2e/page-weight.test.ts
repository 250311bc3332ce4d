import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COMPILE_HINT } from '../scripts/lib/compile-hints';
import { BUDGETS, firstScreenEnd, measurePageWeight, type PageWeight } from '../scripts/lib/page-weight';
import { LOCALES } from '../src/contracts/locales';
import { pagePath } from '../src/web/lib/pages';

/**
 * The page budgets' deterministic half (the timing half is `npm run bench`, a script: these machines are
 * noisy). Sizes of the test build, which is the production build with the default configuration, and
 * its files as the server sends them. No browser: it reads the build's files and the server's answers.
 */
const baseUrl = inject('baseUrl');
const staticDir = inject('staticDir');
let weights: PageWeight[];

beforeAll(async () => {
  weights = await measurePageWeight(staticDir);
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('page weight (brotli)', () => {
  it('every prerendered page, in both languages, stays within the budgets: initial JS ≤ 72 KB (React included), CSS ≤ 12 KB, first-screen HTML ≤ 14 KB, the brand typeface’s file ≤ 16 KB', () => {
    const files = weights.map((weight) => weight.file);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'fr/index.html', 'privacy/index.html', 'fr/confidentialite/index.html', '404.html']));
    const overBudget = weights.flatMap((weight) =>
      (['initialJs', 'css', 'firstScreenHtml', 'font'] as const)
        .filter((figure) => weight[figure] > BUDGETS[figure])
        .map((figure) => `${weight.file}: ${figure} ${kb(weight[figure])} > ${kb(BUDGETS[figure])}`),
    );
    console.info(
      weights.map((w) => `${w.file}: JS ${kb(w.initialJs)}, CSS ${kb(w.css)}, first screen ${kb(w.firstScreenHtml)}, font ${kb(w.font)}`).join('\n'),
    );
    // Every page names the brand typeface's file, fetched once it is idle (scripts/lib/brand-font.ts).
    for (const weight of weights) expect(weight.font, weight.file).toBeGreaterThan(0);
    expect(overBudget).toEqual([]);
  });

  it('the voice SDK and the sections below the fold are not part of any page’s initial JavaScript', async () => {
    for (const weight of weights) {
      for (const chunk of weight.initialJsFiles) {
        const code = await readFile(join(staticDir, chunk), 'utf8');
        expect(code, `${weight.file} loads ${chunk}`).not.toContain('daily-js');
        // Copy that only the sections below the fold show (the FAQ's title, in either language).
        expect(code, `${weight.file} loads ${chunk}`).not.toMatch(/Frequently Asked Questions|Questions fréquentes/);
      }
    }
    const home = weights.find((weight) => weight.file === 'index.html')!;
    expect(home.initialJsFiles.length).toBeGreaterThan(1);
  });

  it('each page starts a handful of modules: the entry, the code the sections share with it, the runtime and its copy', () => {
    // Without vite.config.ts's group, Rolldown splits the first screen's code into many modules, a dozen under 1 KB.
    for (const weight of weights) expect(weight.initialJsFiles, weight.file).toHaveLength(4);
  });

  it('the first screen is the navigation, the hero and the services under it, well inside the page', async () => {
    const html = await readFile(join(staticDir, 'index.html'), 'utf8');
    const end = firstScreenEnd(html);
    expect(end).toBeGreaterThan(html.indexOf('id="services"'));
    expect(end).toBeLessThan(html.indexOf('id="ai-caller"'));
  });
});

describe('script compilation', () => {
  it('the first screen’s scripts, as served, ask V8 to compile them off the main thread; no other script does', async () => {
    const initialChunks = new Set(weights.flatMap((weight) => weight.initialJsFiles.map((file) => file.replace(/^assets\//, ''))));
    const scripts = (await readdir(join(staticDir, 'assets'))).filter((file) => file.endsWith('.js'));
    const hinted: string[] = [];
    for (const file of scripts) {
      // As served: its brotli copy, or the file itself when compressing would not make it smaller.
      const path = join(staticDir, 'assets', file);
      const served = existsSync(`${path}.br`) ? brotliDecompressSync(await readFile(`${path}.br`)).toString() : await readFile(path, 'utf8');
      // Only a first line counts as a compile hint.
      if (served.startsWith(`${COMPILE_HINT}\n`)) hinted.push(file);
    }
    // Both ways: a chunk below the fold (a section, the forms' check, the voice SDK) compiled
    // eagerly, or one of the first screen's left to compile on the main thread, fails.
    expect(hinted.sort()).toEqual([...initialChunks].sort());
    expect(initialChunks.size).toBeGreaterThan(3);
    expect(scripts.length - hinted.length).toBeGreaterThan(10);
  });
});

describe('static assets on the wire', () => {
  it('hashed assets are sent precompressed and cached for a year; pages are brotli and revalidated', async () => {
    for (const locale of LOCALES) {
      const page = await fetch(`${baseUrl}${pagePath('home', locale)}`, { headers: { 'accept-encoding': 'br' } });
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = await page.text();
      const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!))];
      expect(assets.length).toBeGreaterThan(3);
      for (const asset of assets) {
        const brotli = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
        expect([asset, brotli.headers.get('content-encoding'), brotli.headers.get('cache-control')]).toEqual([
          asset,
          'br',
          'public, max-age=31536000, immutable',
        ]);
        const gzip = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
        expect(gzip.headers.get('content-encoding')).toBe('gzip');
        // Both decode to the file the build wrote.
        expect(await brotli.text()).toBe(await readFile(join(staticDir, asset), 'utf8'));
        expect(await gzip.text()).toBe(await readFile(join(staticDir, asset), 'utf8'));
      }
    }
  });
});
