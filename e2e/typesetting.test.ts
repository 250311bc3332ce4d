import { describe, expect, inject, it } from 'vitest';
import { loadSiteConfig } from '../src/config/site-schema';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { pagePath, type PageId } from '../src/web/lib/pages';
import { openPage, pagesInOneBrowser } from './helpers/browser';
import { showWholePage } from './helpers/layout';

/**
 * How the text is set, in both languages, measured in a real Chromium on the production build:
 * French typography, no word broken at its hyphen, lines that are not ragged, the brand in the
 * headings that name it.
 */
const baseUrl = inject('baseUrl');
const site = loadSiteConfig({});
const url = (page: PageId, locale: Locale) => `${baseUrl}${pagePath(page, locale)}`;
const { open, browser } = pagesInOneBrowser(baseUrl);

describe('French and English typesetting', () => {
  it('no word of French breaks at its hyphen (places, « services-conseils », « travaillez-vous »), nor an English name', async () => {
    for (const locale of LOCALES) {
      for (const device of ['phone', 'desktop'] as const) {
        const { page, context } = await open(device, locale);
        await showWholePage(page);
        // French: all the page's text. English: the names of people and places.
        const scope = locale === 'fr' ? 'body' : 'section[aria-labelledby="testimonials-title"] figcaption';
        for (const width of device === 'phone' ? [320, 360, 390, 600] : [768, 1024, 1280, 1440]) {
          await page.setViewportSize({ width, height: 800 });
          const broken = await page.$$eval(scope, (roots) => {
            const found: string[] = [];
            for (const root of roots) {
              const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const text = node.textContent ?? '';
                if (!node.parentElement?.checkVisibility() || node.parentElement.closest('script, style')) continue;
                for (const match of text.matchAll(/\p{L}[-\u2011]\p{L}/gu)) {
                  const line = (offset: number) => {
                    const range = document.createRange();
                    range.setStart(node, offset);
                    range.setEnd(node, offset + 1);
                    return Math.round(range.getBoundingClientRect().bottom);
                  };
                  if (line(match.index) !== line(match.index + 2)) found.push(text.slice(Math.max(0, match.index - 12), match.index + 14));
                }
              }
            }
            return found;
          });
          expect(broken, `${locale} at ${width} px`).toEqual([]);
        }
        await context.close();
      }
    }
  });

  it('testimonials are not ragged: every line but the last is as full as the next word allows', async () => {
    for (const locale of LOCALES) {
      for (const [device, width] of [
        ['phone', 390],
        ['desktop', 1024],
        ['desktop', 1440],
      ] as const) {
        const { page, context } = await open(device, locale, { viewport: { width, height: 900 } });
        await showWholePage(page);
        const ragged = await page.$$eval('section[aria-labelledby="testimonials-title"] blockquote p', (paragraphs) =>
          paragraphs.flatMap((paragraph) => {
            const node = paragraph.firstChild!;
            const text = node.textContent!;
            // Words as the browser may break them: at ordinary spaces (the last two are kept together).
            const words = [...text.matchAll(/[^ \n\t]+/g)].map((match) => {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              return { word: match[0], rect: range.getBoundingClientRect() };
            });
            const space = (() => {
              const at = text.indexOf(' ');
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + 1);
              return range.getBoundingClientRect().width;
            })();
            const right = paragraph.getBoundingClientRect().right;
            // A line ends before word i + 1 when that word starts lower: it must not have fitted.
            return words.slice(0, -1).flatMap((current, index) => {
              const next = words[index + 1]!;
              if (Math.abs(next.rect.top - current.rect.top) < 2) return [];
              const room = right - current.rect.right - space;
              return next.rect.width <= room - 1
                ? [`“${next.word}” (${Math.round(next.rect.width)} px) fits after “${current.word}” (${Math.round(room)} px left)`]
                : [];
            });
          }),
        );
        expect(ragged, `${locale}, ${width} px`).toEqual([]);
        await context.close();
      }
    }
  });

  it('the French pages use French typography: ’, « » and … , non-breaking spaces before ; : ! ? % and inside « »', async () => {
    const NB = /[\u00A0\u202F]/;
    for (const address of [url('home', 'fr'), url('privacy', 'fr'), `${baseUrl}/fr/nothing-here`]) {
      const { page, context } = await openPage(browser(), 'desktop', { url: address });
      await showWholePage(page);
      const texts = await page.evaluate(() => {
        const found: string[] = [document.title, document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.closest('script, style, noscript') || parent.closest(':lang(en)') || !node.textContent?.trim()) continue;
          found.push(node.textContent);
        }
        for (const element of document.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
          if (element.closest(':lang(en)')) continue; // the language switch's name
          for (const name of ['placeholder', 'aria-label', 'title', 'alt']) found.push(element.getAttribute(name) ?? '');
        }
        return found.filter(Boolean);
      });
      const faults: string[] = [];
      for (const text of texts) {
        if (/['"]/.test(text)) faults.push(`straight quote: ${text}`);
        if (text.includes('...')) faults.push(`three dots: ${text}`);
        for (const match of text.matchAll(/(^|.)([;:!?%»])/gu)) {
          if (match.index === 0 && match[1] === '') continue; // after an element: checked where that text is
          if (!NB.test(match[1]!)) faults.push(`no non-breaking space before “${match[2]}”: …${text.slice(Math.max(0, match.index - 20), match.index + 3)}`);
        }
        for (const match of text.matchAll(/«(.)/gu)) if (!NB.test(match[1]!)) faults.push(`no non-breaking space after «: ${text}`);
      }
      expect(faults, address).toEqual([]);
      await context.close();
    }
  });

  it('the delivery heading names the brand: "What {brand} delivers", and its French equivalent', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      const heading = (await page.locator('#delivery-title').textContent())!.replace(/\s+/g, ' ');
      if (locale === 'en') expect(heading).toBe(`What ${site.brand} delivers`);
      else {
        expect(heading).toContain(site.brand);
        expect(heading).not.toMatch(/entreprise/);
      }
      await context.close();
    }
  });
});
