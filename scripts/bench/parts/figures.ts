/**
 * What scripts/bench/page.ts measures, and how runs are combined: the figures of one page load (from
 * Lighthouse and from the 4×-slower-CPU load), the brotli sizes of a page, and the median that
 * turns RUNS noisy loads into one figure each.
 */

export const VARIANTS = ['ours', 'plain'] as const;
export type Variant = (typeof VARIANTS)[number];

export const PRESETS = ['mobile', 'desktop'] as const;
export type Preset = (typeof PRESETS)[number];

export const PAGES = [
  { language: 'en', path: '/', file: 'index.html' },
  { language: 'fr', path: '/fr/', file: 'fr/index.html' },
] as const;
export type Language = (typeof PAGES)[number]['language'];

/** Lighthouse's figures for one run: category scores ×100, LCP in seconds, TBT in ms, CLS. */
export type LighthouseFigures = { performance: number; accessibility: number; bestPractices: number; seo: number; lcp: number; tbt: number; cls: number };

/** Everything measured by one load of one page: Lighthouse's figures, the longest task and the longest script run (ms). */
export type LoadFigures = LighthouseFigures & { longTask: number; longScript: number };

/** Brotli bytes a page costs: initial JavaScript, CSS, and HTML (first screen for ours, whole for plain). */
export type Sizes = { initialJs: number; css: number; html: number };

/** "mobile en", the key of one preset and language in the results. */
export type LoadKey = `${Preset} ${Language}`;
export const loadKey = (preset: Preset, language: Language): LoadKey => `${preset} ${language}`;

/** The middle value (the lower middle one for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Each figure's median over the runs, taken figure by figure. */
export function medianFigures(runs: LoadFigures[]): LoadFigures {
  const of = (key: keyof LoadFigures) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    longTask: of('longTask'),
    longScript: of('longScript'),
  };
}
