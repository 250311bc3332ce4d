import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { pagesInOneBrowser } from './helpers/browser';
import { showWholePage, type Box } from './helpers/layout';
import { monogram } from '../src/web/lib/monogram';

/**
 * The design system's cards: services, benefits and deliverables in one card, one icon tile and one
 * accent, lined up row by row; and only the firm's own pictures (no photographs, a monogram for each
 * testimonial). Measured in a real Chromium on the production build.
 */
const { open } = pagesInOneBrowser(inject('baseUrl'));

const CARDS = '#services [data-service], #about [data-benefit], [data-delivery]';

describe('cards share one system', () => {
  it('services, benefits and deliverables: one card style and one width, on one column, at every width', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await open('desktop', 'fr', { colorScheme });
      await showWholePage(page);
      for (const width of [360, 768, 1024, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const cards = await page.$$eval(CARDS, (items) =>
          items.map((item) => {
            const style = getComputedStyle(item);
            const rect = item.getBoundingClientRect();
            return {
              style: [
                style.borderTopLeftRadius,
                style.borderTopWidth,
                style.borderTopColor,
                style.backgroundColor,
                style.paddingTop,
                style.paddingLeft,
                style.boxShadow,
              ].join(' | '),
              width: Math.round(rect.width),
              list: item.parentElement!.getBoundingClientRect().toJSON() as Box,
            };
          }),
        );
        const where = `${colorScheme} at ${width} px`;
        expect(cards, where).toHaveLength(12);
        expect(new Set(cards.map((card) => card.style)), where).toHaveProperty('size', 1);
        expect(new Set(cards.map((card) => card.width)), `${where}: ${cards.map((card) => card.width).join(' ')}`).toHaveProperty('size', 1);
        // The three lists stand on one column: the same left and right edges.
        const edges = new Set(cards.map((card) => `${Math.round(card.list.left)}–${Math.round(card.list.right)}`));
        expect(edges, where).toHaveProperty('size', 1);
      }
      await context.close();
    }
  });

  it('in each row of cards the titles, the descriptions and the bottoms line up at 1024, 1280 and 1440 px, in both languages, whatever each title’s length', async () => {
    let unevenTitles = 0;
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      for (const width of [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const cards = await page.$$eval(CARDS, (items) => {
          const lists = [...new Set(items.map((item) => item.parentElement!))];
          // From each card's top (the cards come in moving, each at its own delay): where its title and
          // text start, and its height. The row is the card's place in the layout, untransformed.
          return items.map((item) => {
            const rect = item.getBoundingClientRect();
            const heading = item.querySelector('h3')!;
            const title = heading.getBoundingClientRect();
            const words = document.createRange();
            words.selectNodeContents(heading);
            return {
              row: `list ${lists.indexOf(item.parentElement!)}, top ${(item as HTMLElement).offsetTop}`,
              title: Math.round(title.top - rect.top),
              titleLines: new Set([...words.getClientRects()].map((line) => Math.round(line.top))).size,
              text: Math.round(item.querySelector('p')!.getBoundingClientRect().top - rect.top),
              bottom: Math.round(rect.height),
            };
          });
        });
        const rows = new Map<string, typeof cards>();
        for (const card of cards) rows.set(card.row, [...(rows.get(card.row) ?? []), card]);
        expect(rows.size, `${locale} at ${width} px`).toBeGreaterThanOrEqual(3);
        for (const [row, members] of rows) {
          const where = `${locale} at ${width} px, ${row}`;
          expect(members.length, where).toBeGreaterThan(1);
          for (const edge of ['title', 'text', 'bottom'] as const) {
            expect(new Set(members.map((card) => card[edge])), `${where}: ${edge}s ${members.map((card) => card[edge]).join(' ')}`).toHaveProperty('size', 1);
          }
          if (new Set(members.map((card) => card.titleLines)).size > 1) unevenTitles += 1;
        }
      }
      await context.close();
    }
    // Rows whose titles take one line and two: the check above has something to line up.
    expect(unevenTitles).toBeGreaterThan(0);
  });

  it('one icon style, and a benefit shows its figure where it has one, its icon where not, in a slot of the same height', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      const tops = await page.$$eval(CARDS, (items) =>
        items.map((item) => {
          const slot = item.firstElementChild!;
          const tile = slot.querySelector('svg')?.parentElement;
          return {
            slot: Math.round(slot.getBoundingClientRect().height),
            tile: tile
              ? [getComputedStyle(tile).backgroundImage, getComputedStyle(tile).color, Math.round(tile.getBoundingClientRect().width)].join(' | ')
              : null,
            figure: slot.querySelector('svg') ? null : slot.textContent,
            title: Math.round(item.querySelector('h3')!.getBoundingClientRect().top - item.getBoundingClientRect().top),
          };
        }),
      );
      expect(new Set(tops.map((card) => card.slot)), locale).toHaveProperty('size', 1);
      // Every title starts as far down its card.
      expect(new Set(tops.map((card) => card.title)), locale).toHaveProperty('size', 1);
      const tiles = tops.flatMap((card) => (card.tile ? [card.tile] : []));
      expect(new Set(tiles), locale).toHaveProperty('size', 1);
      expect(tiles[0], locale).toContain('linear-gradient');
      const benefits = getContent(locale).benefits.items;
      expect(tops.slice(4, 8).map((card) => card.figure)).toEqual(benefits.map((item) => item.highlight ?? null));
      expect(
        benefits.some((item) => !item.highlight),
        'a benefit without a figure',
      ).toBe(true);
      await context.close();
    }
  });

  it('one accent: the deliverables’ closing line has the figures’ colour, the theme’s accent, in both themes', async () => {
    const seen: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await open('desktop', 'en', { colorScheme });
      await showWholePage(page);
      const colours = await page.evaluate(() => ({
        closing: getComputedStyle(document.querySelector('[data-section="delivery"] section > div > p')!).color,
        figure: getComputedStyle(document.querySelector('[data-benefit] > div > span')!).color,
        checks: [...document.querySelectorAll('#contact li svg')].map((icon) => getComputedStyle(icon).color),
      }));
      expect(colours.closing, colorScheme).toBe(colours.figure);
      expect(new Set(colours.checks), colorScheme).toEqual(new Set([colours.figure]));
      seen.push(colours.figure);
      await context.close();
    }
    expect(seen[0]).not.toBe(seen[1]);
  });
});

describe('the firm’s own pictures', () => {
  it('each service card shows its title, description, icon and colour gradient (the brand’s); each testimonial is signed with a monogram', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      const content = getContent(locale);
      const cards = await page.$$eval('#services [data-service]', (items) =>
        items.map((item) => ({
          title: item.querySelector('h3')?.textContent,
          description: item.querySelector('p')?.textContent,
          icon: item.querySelector('svg') !== null,
          // Gradients as drawn: its icon's tile, in the brand's gradient as every card's ('one icon style', above).
          gradients: [...item.querySelectorAll('span')]
            .map((span) => getComputedStyle(span).backgroundImage)
            .filter((image) => image.includes('linear-gradient')).length,
        })),
      );
      // The same words (the card keeps its text's last two words together with a no-break space).
      expect(cards.map((card) => ({ ...card, description: card.description?.replace(/\u00a0(?=\S+$)/, ' ') }))).toEqual(
        content.services.items.map((item) => ({ title: item.title, description: item.description, icon: true, gradients: expect.any(Number) })),
      );
      for (const card of cards) expect(card.gradients).toBe(1);

      const monograms = await page.$$eval('section[aria-labelledby="testimonials-title"] figcaption', (captions) =>
        captions.map((caption) => {
          const mark = caption.querySelector('[data-monogram]');
          return { initials: mark?.textContent, shown: mark !== null && mark.checkVisibility() && mark.getBoundingClientRect().width >= 40 };
        }),
      );
      expect(monograms).toEqual(content.testimonials.items.map((item) => ({ initials: monogram(item.name), shown: true })));
      await context.close();
    }
  });

  it('shows no picture that is not the firm’s own: no photographs, images, frames or remote drawings', async () => {
    const { page, context } = await open('desktop', 'en');
    await showWholePage(page);
    const foreign = await page.evaluate(() => [
      ...[...document.querySelectorAll('img, picture, video, object, embed, iframe, image, use[href]')].map((element) => element.outerHTML.slice(0, 80)),
      ...[...document.querySelectorAll('body *')].map((element) => getComputedStyle(element).backgroundImage).filter((image) => image.includes('url(')),
    ]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('each testimonial is signed with the initials of the person’s name, never of a title ("Dr")', async () => {
    const expected: Record<string, string> = { Tremblay: 'MT', Gagnon: 'JG', Lavoie: 'SL', Bouchard: 'MB' };
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      const signed = await page.$$eval('section[aria-labelledby="testimonials-title"] figcaption', (captions) =>
        captions.map((caption) => ({ caption: caption.textContent ?? '', initials: caption.querySelector('[data-monogram]')?.textContent })),
      );
      expect(signed).toHaveLength(4);
      for (const { caption, initials } of signed) {
        const surname = Object.keys(expected).find((name) => caption.includes(name))!;
        expect(initials, `${locale}: ${caption}`).toBe(expected[surname]);
      }
      await context.close();
    }
  });
});
