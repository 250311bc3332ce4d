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
