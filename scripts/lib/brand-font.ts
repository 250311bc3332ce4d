/**
 * The brand typeface (issue 50): Inter, by Rasmus Andersson (SIL Open Font License 1.1), the
 * variable file of its own npm package (`inter-ui`), whose character set is whole: Google's Latin
 * subset, which the fontsource packages carry, has no U+2011 (non-breaking hyphen) or U+202F
 * (narrow no-break space), and French typography puts both on the page.
 *
 * The build subsets it to the characters the pages can show (every built page's text, in both
 * languages, and every string of the copy, for what appears once the visitor acts) and to the
 * weights the page uses (400–800, one file, its optical size fixed at text size). The file gets
 * a content hash, like every file under /assets/ (served immutable for a year), and its licence
 * beside it.
 *
 * It is kept off the first paint's path: preloaded or named by the first paint's CSS, it is a
 * request of its own that Lighthouse's simulation of a phone puts before the largest paint
 * (docs/performance.md: LCP 0.93 → 1.21 s). A page is drawn with a local face sized to Inter's
 * metrics (FALLBACK below) until the browser has the file: src/web/lib/brand-font.ts fetches it
 * once the page is idle, and the next pages (lib/boot.ts) name it from their first paint, from the
 * cache. The rules go into each page's inline critical CSS only (`css`).
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { BRAND_FACE, FONT_BRAND_CLASS } from '../../src/web/lib/brand-font';

const require = createRequire(import.meta.url);

export const BRAND_FONT = {
  /** The family the page names and the weights its classes use (font-normal to font-extrabold): the file keeps this range of its axis. */
  ...BRAND_FACE,
  source: require.resolve('inter-ui/variable/InterVariable.woff2'),
  licence: require.resolve('inter-ui/LICENSE.txt'),
} as const;

/**
 * What the browser applies by default and the page relies on (kerning, ligatures, contextual
 * forms, accents): other features (stylistic sets, fractions, tabular figures…) pull in hundreds
 * of glyphs the page never shows.
 */
const LAYOUT_FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk'];

/** Copyright, family and style names, and the licence's description and address (name IDs 13 and 14): the file says what it is. */
const NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 13, 14];

/**
 * What a visitor types into the forms is set in the face too: letters, digits and the common
 * punctuation. Not the rest of ASCII (# $ * < = > [ \ ] ^ _ ` { | } ~): with the contextual forms
 * they bring, they would cost more than all the rest for characters the page never shows.
 */
const TYPED = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,;:!?'"()-@&+/`;

export type BrandFont = {
  /** The file's address, "/assets/inter-<hash>.woff2", which the page names on <html data-font>. */
  href: string;
  /** The faces and the class that names them, for the page's inline critical CSS. */
  css: string;
  bytes: number;
  characters: number;
};

/**
 * Inter's vertical metrics (its hhea and OS/2 tables, per unit of its 2048 units per em): the local
 * faces below take them, so their lines sit where Inter's do.
 */
const INTER_METRICS = { ascent: 1984 / 2048, descent: 494 / 2048, lineGap: 0 } as const;

/**
 * The face a page is drawn with until the browser has Inter: Arial, or a font drawn to Arial's
 * widths (Liberation Sans on Linux, Arimo on ChromeOS), given Inter's ascent and descent and scaled
 * to Inter's widths weight by weight (size-adjust: the pages' text set in Inter over the same text
 * in Arial's regular, or its bold from 600 on; e2e/typeface.test.ts measures them again). So a page
 * is laid out nearly as it is in Inter: the sections' estimated heights hold for both, and lines
 * break nearly where the copy was set to. Where there is none of these (Android), the system font.
 */
export const FALLBACK = {
  family: 'Inter Fallback',
  /** Full names, which local() matches on every system. */
  regular: ['Arial', 'Liberation Sans', 'Arimo'],
  bold: ['Arial Bold', 'Liberation Sans Bold', 'Arimo Bold'],
  /** Each weight the page uses, the bounds of the weights it stands for, and its size-adjust. */
  weights: [
    { weight: 400, range: '400 450', sizeAdjust: 1.066 },
    { weight: 500, range: '451 550', sizeAdjust: 1.077 },
    { weight: 600, range: '551 650', sizeAdjust: 1.007 },
    { weight: 700, range: '651 750', sizeAdjust: 1.022 },
    { weight: 800, range: '751 800', sizeAdjust: 1.049 },
  ],
} as const;

const percent = (ratio: number) => `${Number((ratio * 100).toFixed(2))}%`;

/** The local faces sized to Inter, Inter's face, and the class that names it first (index.css's --font-sans starts with --font-brand). */
function fontRules(href: string): string {
  const { min, max } = BRAND_FONT.weights;
  const fallbacks = FALLBACK.weights.map(
    ({ weight, range, sizeAdjust }) =>
      `@font-face{font-family:"${FALLBACK.family}";font-weight:${range};src:${(weight < 600 ? FALLBACK.regular : FALLBACK.bold).map((name) => `local("${name}")`).join(',')};` +
      `size-adjust:${percent(sizeAdjust)};ascent-override:${percent(INTER_METRICS.ascent / sizeAdjust)};` +
      `descent-override:${percent(INTER_METRICS.descent / sizeAdjust)};line-gap-override:${percent(INTER_METRICS.lineGap)}}`,
  );
  // Named only once the browser has fetched the file (FONT_BRAND_CLASS), so it comes from the cache
  // in time for the first paint; `optional`: should the cache have lost it, that page keeps the
  // local face rather than swapping.
  const face = `@font-face{font-family:${BRAND_FONT.family};font-weight:${min} ${max};font-display:optional;src:url(${href}) format("woff2")}`;
  return [...fallbacks, face, `.${FONT_BRAND_CLASS}{--font-brand:${BRAND_FONT.family},"${FALLBACK.family}"}`].join('');
}

/**
 * Writes the subset into `outDir`/assets and returns what the pages need to use it. `texts`: the
 * built pages' visible text (visibleText) and the copy's strings. Upper case is added: some labels
 * are set with `text-transform: uppercase`.
 */
export async function writeBrandFont(outDir: string, texts: string[]): Promise<BrandFont> {
  const characters = fontCharacters(texts);
  const source = await readFile(BRAND_FONT.source);
  const available = await fontCodePoints(source);
  // Every one, spaces included: a narrow no-break space drawn from another font is as wide as that font's.
  const missing = [...characters].filter((character) => !available.has(character.codePointAt(0)!));
  if (missing.length > 0) throw new Error(`${BRAND_FONT.source} has no glyph for ${missing.map(codePoint).join(' ')}`);
  const font = await subsetFont(source, characters, {
    targetFormat: 'woff2',
    keepFeatures: LAYOUT_FEATURES,
    preserveNameIds: NAME_IDS,
    variationAxes: { wght: { ...BRAND_FONT.weights, default: BRAND_FONT.weights.min }, opsz: 14 },
  });
  const name = `inter-${createHash('sha256').update(font).digest('base64url').slice(0, 8)}`;
  await mkdir(join(outDir, 'assets'), { recursive: true });
  await writeFile(join(outDir, 'assets', `${name}.woff2`), font);
  await copyFile(BRAND_FONT.licence, join(outDir, 'assets', `${name}.LICENSE.txt`));
  const href = `/assets/${name}.woff2`;
  return {
    href,
    css: fontRules(href),
    bytes: font.length,
    characters: [...characters].length,
  };
}

/**
 * The typography the copy is written with (docs/languages-privacy-voice.md), kept whether or not
 * today's copy uses each: quotes, apostrophes, dashes, the ellipsis, the multiplication sign, and
 * French spacing and hyphens (no-break space, narrow no-break space, non-breaking hyphen).
 */
const TYPOGRAPHY = '‘’“”«»…–—×\u00a0\u202f\u2011';

/** The characters to keep: those of the texts, in both cases, the typography and what a visitor types, sorted. */
export function fontCharacters(texts: string[]): string {
  const all = new Set<string>(TYPED + TYPOGRAPHY);
  for (const text of texts) for (const character of text + text.toUpperCase()) if (character >= ' ') all.add(character);
  return [...all].sort().join('');
}

/** The code points a woff2 (or TrueType) file maps to glyphs: its cmap, read by HarfBuzz. */
export async function fontCodePoints(file: Buffer): Promise<Set<number>> {
  const sfnt = await fontverter.convert(file, 'truetype');
  return new Set(new Face(new Blob(sfnt), 0).collectUnicodes());
}

export function codePoint(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The text a prerendered page shows: its body's text and the attributes a browser draws
 * (placeholders, a button's value, an image's alternative), not scripts, styles or the head.
 */
export function visibleText(html: string): string {
  // A whole document's body, or a page's markup alone (the prerender's, before it goes into the template).
  const body = html.includes('<body') ? html.slice(html.indexOf('<body')) : html;
  const attributes = [...body.matchAll(/\s(?:placeholder|alt|value)="([^"]*)"/g)].map((match) => match[1]!);
  const text = body.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  return decodeEntities([text, ...attributes].join(' '));
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    const named = NAMED_ENTITIES[name.toLowerCase()];
    if (named === undefined) throw new Error(`an entity the build does not know: ${entity}`);
    return named;
  });
}
