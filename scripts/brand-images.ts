/**
 * Draws the brand's images with the local Chromium, from the mark (src/web/brand/mark.svg, the
 * same drawing as components/Logo.tsx) into public/, where the build copies them:
 * - the social-sharing card of each language (1200×630, the size Open Graph and Twitter's large
 *   card expect), public/og/<locale>.jpg;
 * - the favicon, a 48×48 PNG (the size search engines ask for): a browser decodes an SVG favicon by
 *   building a whole SVG document on the page's main thread, 60 ms of a 4× slower phone's load,
 *   where a small PNG costs nothing; and the 180×180 icon iOS puts on a home screen.
 * The images are committed: run `npm run brand-images` again after changing the mark, the brand
 * (SITE_BRAND_NAME) or a locale's meta title. Needs /usr/bin/chromium (or CHROMIUM_PATH).
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser } from './lib/chromium';
import { loadSiteConfig } from '../src/config/site-schema';
import { fill } from '../src/content';
import { LOCALES } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { SOCIAL_IMAGE, socialImagePath } from '../src/web/seo/social-image';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function card(logoSvg: string, brand: string, tagline: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    * { margin: 0; box-sizing: border-box; }
    body { width: ${SOCIAL_IMAGE.width}px; height: ${SOCIAL_IMAGE.height}px; display: flex; align-items: center; gap: 64px;
      padding: 0 96px; font-family: system-ui, 'DejaVu Sans', sans-serif; color: #fff;
      background: radial-gradient(circle at 85% 15%, #06b6d433, transparent 45%), linear-gradient(135deg, #1e1b4b 0%, #312e81 55%, #4338ca 100%); }
    .logo { width: 260px; height: 260px; flex: none; filter: drop-shadow(0 24px 48px #0008); }
    .logo svg { width: 100%; height: 100%; }
    h1 { font-size: 84px; font-weight: 800; letter-spacing: -2px; line-height: 1; }
    p { margin-top: 28px; font-size: 44px; line-height: 1.2; color: #c7d2fe; font-weight: 600; }
    .bar { margin-top: 40px; width: 160px; height: 10px; border-radius: 5px; background: linear-gradient(90deg, #22d3ee, #6366f1); }
  </style></head><body><div class="logo">${logoSvg}</div><div><h1>${escape(brand)}</h1><p>${escape(tagline)}</p><div class="bar"></div></div></body></html>`;
}

/** iOS rounds a home-screen icon's corners itself (and paints transparent ones black): a full square. */
const ICONS = [
  { file: 'favicon.png', size: 48, square: false },
  { file: 'apple-touch-icon.png', size: 180, square: true },
];

function iconPage(svg: string, size: number): string {
  return `<!doctype html><style>* { margin: 0; } svg { display: block; width: ${size}px; height: ${size}px; }</style>${svg}`;
}

const site = loadSiteConfig(process.env);
const logoSvg = await readFile('src/web/brand/mark.svg', 'utf8');
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height } });
  for (const locale of LOCALES) {
    // The meta title is "{brand} | <what the firm does>": the card shows both parts.
    const tagline = fill(getContent(locale).meta.title, site, locale).split(' | ')[1];
    if (!tagline) throw new Error(`${locale}: the meta title has no " | " part for the card`);
    await page.setContent(card(logoSvg, site.brand, tagline));
    const file = join('public', socialImagePath(locale));
    await mkdir(join('public', 'og'), { recursive: true });
    await page.screenshot({ path: file, type: 'jpeg', quality: 82 });
    console.log(`${file}: ${((await stat(file)).size / 1024).toFixed(1)} KiB`);
  }
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(iconPage(icon.square ? logoSvg.replace(/ rx="[^"]*"/, '') : logoSvg, icon.size));
    const file = join('public', icon.file);
    await page.screenshot({ path: file, type: 'png', omitBackground: true });
    console.log(`${file}: ${((await stat(file)).size / 1024).toFixed(1)} KiB`);
  }
} finally {
  await browser.close();
}
