import type { Page } from 'playwright-core';

/** Where an element is drawn, in CSS pixels from the viewport's corner. */
export type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };

export const box = (page: Page, selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().toJSON() as Box);

export const overlap = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** Lays out every section (they are `content-visibility: auto` until near) and plays their entrances. */
export async function showWholePage(page: Page) {
  await page.evaluate(() => {
    document.documentElement.classList.add('full-layout');
    for (const section of document.querySelectorAll('[data-reveal]')) section.setAttribute('data-inview', '');
  });
}

/** The texts inside `selector`'s elements that run over more than one line (visually hidden ones aside). */
export function wrappedTexts(page: Page, selector: string) {
  return page.$$eval(selector, (elements) => {
    const wrapped = new Set<string>();
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        if (!node.textContent?.trim() || parent.getBoundingClientRect().width <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) wrapped.add(node.textContent.trim());
      }
    }
    return [...wrapped];
  });
}

/** How many lines the element's text takes (its height over its line height). */
export function lineCount(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      // Rects of one line (a link among text) differ by a pixel or two: a new line starts lower by more.
      const tops = [...range.getClientRects()]
        .filter((rect) => rect.width > 0)
        .map((rect) => rect.top)
        .sort((a, b) => a - b);
      return tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 4).length;
    });
}

/**
 * The texts inside `selector`'s visible elements whose last line holds one word alone (an orphan:
 * "spam." under "No fluff. No", « actuel ? » under the rest of its question). A word is a run of
 * letters or digits; punctuation and no-break spaces do not make one ("actuel ?" is one word).
 */
export function loneLastWords(page: Page, selector: string) {
  return page.$$eval(selector, (elements) =>
    elements.flatMap((element) => {
      if (!element.checkVisibility() || element.getBoundingClientRect().width <= 1) return [];
      const words: { word: string; top: number }[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        if (!parent.checkVisibility() || parent.closest('.sr-only')) continue;
        for (const match of (node.textContent ?? '').matchAll(/[\p{L}\p{N}][\p{L}\p{N}\u2011'’-]*/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rect = [...range.getClientRects()].find((part) => part.width > 0);
          if (rect) words.push({ word: match[0], top: rect.top });
        }
      }
      if (words.length < 2) return [];
      // Lines: a new one starts lower than the one before by more than a few pixels (a link, a bold word).
      const tops = words.map((word) => word.top).sort((a, b) => a - b);
      const lines = tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 4);
      if (lines.length < 2) return [];
      const onLast = words.filter((word) => word.top > lines.at(-1)! - 4);
      return onLast.length === 1 ? [`“${onLast[0]!.word}” alone under: ${(element.textContent ?? '').trim().slice(0, 60)}…`] : [];
    }),
  );
}
