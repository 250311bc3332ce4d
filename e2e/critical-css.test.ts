import { describe, expect, inject, it } from 'vitest';
import { pagePath } from '../src/web/lib/pages';
import { openPage, pagesInOneBrowser, type DeviceName } from './helpers/browser';

/**
 * The page's inline critical CSS draws its first screen as the full stylesheet does: screenshots of
 * both, compared pixel by pixel in a real Chromium on the production build.
 */
const baseUrl = inject('baseUrl');
const { browser } = pagesInOneBrowser(baseUrl);

/** The first screen drawn with the page's inline critical CSS only, the full stylesheet held back. */
async function firstScreen(device: DeviceName, path: string, dark: boolean, fullCss: boolean): Promise<Buffer> {
  const { page, context } = await openPage(browser(), device, { colorScheme: dark ? 'dark' : 'light', reducedMotion: 'reduce' });
  // Held, not failed: a stylesheet that fails to load has a fallback of its own (lib/critical-css.ts).
  if (!fullCss) await page.route(/\/assets\/.*\.css$/, () => {});
  // No script: what is drawn is exactly what the HTML and its CSS draw before hydration.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(`${baseUrl}${path}`, { waitUntil: fullCss ? 'load' : 'domcontentloaded' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const shot = await page.screenshot({ animations: 'disabled' });
  await context.close();
  return shot;
}

/** Pixels two loads of the same screen may differ by at the anti-aliased rims of translucent layers. */
const EDGE_PIXELS = 16;

/**
 * Pixels that differ visibly between two screenshots (channels summing to a difference over 24 of
 * 765): compositing leaves a few values off by 3 or 4 from one load to the next, which no one sees.
 * Decoded by the browser itself, to need no image library.
 */
async function visiblyDifferentPixels(a: Buffer, b: Buffer): Promise<number> {
  const page = await browser().newPage();
  try {
    return await page.evaluate(
      async ([left, right]) => {
        const [imageA, imageB] = (await Promise.all([left!, right!].map(async (src) => createImageBitmap(await (await fetch(src)).blob())))) as [
          ImageBitmap,
          ImageBitmap,
        ];
        if (imageA.width !== imageB.width || imageA.height !== imageB.height) return Number.POSITIVE_INFINITY;
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [imageA.width, imageA.height];
        const context = canvas.getContext('2d')!;
        context.drawImage(imageA, 0, 0);
        const pixelsA = context.getImageData(0, 0, canvas.width, canvas.height).data;
        context.drawImage(imageB, 0, 0);
        const pixelsB = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let differing = 0;
        for (let index = 0; index < pixelsA.length; index += 4) {
          const difference =
            Math.abs(pixelsA[index]! - pixelsB[index]!) +
            Math.abs(pixelsA[index + 1]! - pixelsB[index + 1]!) +
            Math.abs(pixelsA[index + 2]! - pixelsB[index + 2]!);
          if (difference > 24) differing++;
        }
        return differing;
      },
      [a, b].map((shot) => `data:image/png;base64,${shot.toString('base64')}`),
    );
  } finally {
    await page.close();
  }
}

describe('critical CSS', () => {
  it.each([
    ['home', 'phone', 'en', false],
    ['home', 'phone', 'fr', true],
    ['home', 'desktop', 'en', true],
    ['home', 'desktop', 'fr', false],
    // Its lists are on the first screen: their spacing (Tailwind's space-y, a `:where()` rule) once came only with the full stylesheet.
    ['privacy', 'phone', 'en', false],
    ['privacy', 'desktop', 'fr', true],
  ] as const)('%s page on a %s, in %s (dark: %s): the first screen looks the same before the full stylesheet arrives', async (name, device, locale, dark) => {
    const path = pagePath(name, locale);
    const [critical, full] = await Promise.all([firstScreen(device, path, dark, false), firstScreen(device, path, dark, true)]);
    // A handful at most: the rim of the bar's pressed theme button, over the translucent bar, is
    // now and then composited a shade apart from one load to the next; a rule the critical CSS
    // misses moves thousands.
    expect(await visiblyDifferentPixels(critical, full)).toBeLessThanOrEqual(EDGE_PIXELS);
  });

  it('without the critical CSS the first screen would not look the same (the comparison can fail)', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { reducedMotion: 'reduce' });
    await page.route(/\/assets\/.*\.(css|js)$/, (route) => route.abort());
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.evaluate(() => document.querySelectorAll('style').forEach((style) => style.remove()));
    const unstyled = await page.screenshot({ animations: 'disabled' });
    await context.close();
    expect(await visiblyDifferentPixels(unstyled, await firstScreen('desktop', '/', false, true))).toBeGreaterThan(10_000);
  });
});
