import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { pagePath } from '../src/web/lib/pages';
import { pagesInOneBrowser } from './helpers/browser';
import { box, lineCount, showWholePage, type Box } from './helpers/layout';

/**
 * Pieces that keep to their place, measured in a real Chromium on the production build: the chip's
 * label inside the chip, the banner's pause button beside its text, the footer's bands and its
 * newsletter. Screenshots of every width, theme and language: ./screenshots.test.ts.
 */
const { open } = pagesInOneBrowser(inject('baseUrl'));

describe('the chip, the banner and the footer', () => {
  it('the chip graphic’s label stays inside the chip, in every theme and language, on a phone and a desktop', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      for (const locale of LOCALES) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const { page, context } = await open(device, locale, { colorScheme });
          await page.locator('#contact figure svg').scrollIntoViewIfNeeded();
          const fit = await page.$eval('#contact figure svg', (svg) => {
            const label = svg.querySelector('text')!.getBoundingClientRect();
            const middle = { x: label.left + label.width / 2, y: label.top + label.height / 2 };
            // The chip's innermost outline: the smallest shape drawn around the label's middle.
            const chip = [...svg.querySelectorAll('rect')]
              .map((rect) => rect.getBoundingClientRect())
              .filter((rect) => rect.left < middle.x && rect.right > middle.x && rect.top < middle.y && rect.bottom > middle.y)
              .sort((a, b) => a.width * a.height - b.width * b.height)[0]!;
            return { label: [label.left, label.right].map(Math.round), chip: [chip.left, chip.right].map(Math.round) };
          });
          const where = `${device}, ${locale}, ${colorScheme}`;
          expect(fit.label[0], where).toBeGreaterThanOrEqual(fit.chip[0]!);
          expect(fit.label[1], where).toBeLessThanOrEqual(fit.chip[1]!);
          await context.close();
        }
      }
    }
  });

  // Notices sit at the bottom of the screen (a corner on a desktop), off the section titles:
  // a phone's notice, the screen's width, may then cover the button for its few seconds when the
  // banner is at the very bottom; never when the banner is where a reader has it.
  it('the banner’s pause button is beside the scrolling text, not on it, and no notification covers it', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const { page, context } = await open(device, 'en');
      const button = page.getByRole('button', { name: 'Pause animation' });
      await button.scrollIntoViewIfNeeded();
      const track = await page.$eval('.marquee-track', (element) => {
        // What shows of the scrolling text: the box that clips it.
        let clip = element.parentElement!;
        while (getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement!;
        return clip.getBoundingClientRect().toJSON() as Box;
      });
      const control = await button.evaluate((element) => element.getBoundingClientRect().toJSON() as Box);
      const overlaps = control.left < track.right && control.right > track.left && control.top < track.bottom && control.bottom > track.top;
      expect(overlaps, `${device}: button ${JSON.stringify(control)} over the text ${JSON.stringify(track)}`).toBe(false);

      // A notification (the newsletter's "enter your address"), then the banner where a reader has it.
      await page.locator('#newsletter button[type="submit"]').click();
      await page.locator('[data-sonner-toast][data-mounted="true"]').first().waitFor();
      await page.waitForTimeout(500); // its entrance (400 ms) over: where it stays
      const viewport = page.viewportSize()!;
      for (const where of device === 'desktop' ? (['bottom', 'middle'] as const) : (['middle'] as const)) {
        await page.evaluate(
          ([place, height]) => {
            const banner = document.querySelector('[data-banner]')!.getBoundingClientRect();
            const target = place === 'bottom' ? height - 8 - banner.height : (height - banner.height) / 2;
            window.scrollBy({ top: banner.top - target, behavior: 'instant' });
            // A frame for the browser to render the sections now on screen (content-visibility).
            return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          },
          [where, viewport.height] as const,
        );
        const onTop = await button.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return hit === element || element.contains(hit) ? true : `${hit?.outerHTML.slice(0, 120)} at ${JSON.stringify(rect)}`;
        });
        expect(onTop, `${device}, banner at the ${where} of the screen`).toBe(true);
      }
      expect(await page.locator('[data-sonner-toast]').count(), 'the notification was still there').toBeGreaterThan(0);
      await context.close();
    }
  });

  it('the newsletter is the footer’s first band, on its columns and its surface: its words over the brand, its field over the links', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await open('desktop', 'fr', { colorScheme });
      await showWholePage(page);
      for (const width of [768, 1024, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const where = `${colorScheme} at ${width} px`;
        const [title, field, brand, links] = [
          await box(page, 'footer h2'),
          await box(page, '#newsletter-email'),
          await box(page, 'footer > div:nth-child(2) > :first-child'),
          await box(page, 'footer nav'),
        ];
        expect(Math.round(title.left), where).toBe(Math.round(brand.left));
        expect(Math.round(field.left), where).toBe(Math.round(links.left));
        // No card of another shade inside the footer: the band is transparent on the footer's surface.
        expect(
          await page
            .locator('footer > div')
            .first()
            .evaluate((band) => getComputedStyle(band).backgroundColor),
          where,
        ).toBe('rgba(0, 0, 0, 0)');
      }
      await context.close();
    }
  });

  it('the footer opens with the brand, never alone on a row; on a phone the consent takes at most 3 lines and links the policy', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      for (const width of [768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const blocks = await page.$$eval('footer > div:nth-child(2) > *', (elements) =>
          elements.map((element) => ({
            brand: element.querySelector('svg[viewBox="0 0 48 48"]') !== null,
            top: Math.round(element.getBoundingClientRect().top),
            left: Math.round(element.getBoundingClientRect().left),
          })),
        );
        const where = `${locale} at ${width} px: ${JSON.stringify(blocks)}`;
        expect(blocks[0]!.brand, where).toBe(true);
        expect(blocks.filter((block) => block.top === blocks[0]!.top).length, where).toBeGreaterThan(1);
      }
      await context.close();

      for (const width of [360, 390]) {
        const phone = await open('phone', locale, { viewport: { width, height: 800 } });
        await showWholePage(phone.page);
        expect(await lineCount(phone.page, '#newsletter-consent'), `${locale} at ${width} px`).toBeLessThanOrEqual(3);
        expect(await phone.page.locator('#newsletter-consent a').getAttribute('href')).toMatch(new RegExp(`^${pagePath('privacy', locale)}(#|$)`));
        await phone.context.close();
      }
    }
  });
});
