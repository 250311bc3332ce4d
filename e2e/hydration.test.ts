import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ANCHORS, BELOW_THE_FOLD } from '../src/web/app/sections';
import { SECTION_ANCHORS } from '../src/content/types';
import { LOCALES } from '../src/contracts/locales';
import { PAGE_IDS, pagePath } from '../src/web/lib/pages';
import { launchBrowser, openPage, STILL, waitForHydration, type DeviceName } from './helpers/browser';

/**
 * React hydrates what the server rendered only if both render the same tree: where they differ,
 * it throws the server's HTML away (a section can come out empty in the browser while the build
 * and a curl of the HTML look fine). Every page, in both languages, on a phone and a desktop, read
 * to the end: React reports nothing (no error, no warning, no recoverable error), and every
 * section, hydrated or kept as prerendered, shows exactly the text of its prerendered HTML.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Each part of the page whose text is compared: the sections of the home page, or a page's <main>. */
const PARTS = '[data-section], main';

/** Scrolls to the bottom a screen at a time, giving each section the chance to load and hydrate. */
async function readToTheEnd(page: Page) {
  for (;;) {
    const atBottom = await page.evaluate(() => {
      scrollBy(0, innerHeight * 0.8);
      return innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atBottom) break;
  }
}

describe.each(['phone', 'desktop'] as const satisfies DeviceName[])('hydration on a %s', (device) => {
  for (const locale of LOCALES) {
    // Every page, and the language's 404 page (an unknown address under it), whose bar hydrates too.
    for (const pageId of [...PAGE_IDS, 'not-found'] as const) {
      const path = pageId === 'not-found' ? `${pagePath('home', locale)}nothing-here` : pagePath(pageId, locale);
      it(`${path}: React reports nothing, and every part keeps its prerendered text`, async () => {
        const url = `${baseUrl}${path}`;
        const prerendered = await (await fetch(url)).text();
        const { context, page, errors } = await openPage(browser, device, STILL);
        const warnings: string[] = [];
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() === 'warning') warnings.push(message.text());
        });
        // The voice card asks the server, once in view, whether the demo can be tried now, and then
        // says so (e2e/voice-demo-card.test.ts): a change after hydration, not a mismatch. Answered
        // 'ready', the state it is prerendered in, so that what is compared here is hydration alone.
        await page.route('**/api/voice/status?*', (route) => route.fulfill({ json: { state: 'ready' } }));
        await page.goto(url, { waitUntil: 'load' });
        await readToTheEnd(page);
        await waitForHydration(page);

        // The text of each part, whitespace collapsed, keyed by its section id (or "main"): as
        // prerendered (the HTML parsed, no script run), and as it is now.
        const { expected, actual } = await page.evaluate(
          ({ html, selector }) => {
            const texts = (root: ParentNode): Record<string, string> =>
              Object.fromEntries(
                [...root.querySelectorAll(selector)].map((part) => [
                  part.getAttribute('data-section') ?? part.tagName.toLowerCase(),
                  (part.textContent ?? '').replace(/\s+/g, ' ').trim(),
                ]),
              );
            return { expected: texts(new DOMParser().parseFromString(html, 'text/html')), actual: texts(document) };
          },
          { html: prerendered, selector: PARTS },
        );
        expect(Object.keys(expected).length).toBeGreaterThan(0);
        for (const part of Object.keys(expected)) expect(expected[part]!.length, `${part} has text in the HTML`).toBeGreaterThan(0);
        const differing = Object.keys(expected)
          .filter((part) => actual[part] !== expected[part])
          .map(
            (part) =>
              `${part}: ${actual[part] === undefined ? 'gone' : `"${actual[part]!.slice(0, 60)}…" (${actual[part]!.length} characters)`} instead of "${expected[part]!.slice(0, 60)}…" (${expected[part]!.length})`,
          );
        expect(differing).toEqual([]);
        if (pageId === 'home') {
          // Every hydrating section went live; the others stayed as prerendered.
          const live = await page.$$eval('[data-section][data-live]', (parts) => parts.map((part) => part.getAttribute('data-section')));
          expect(live).toEqual(BELOW_THE_FOLD.filter((entry) => entry.hydrates).map((entry) => entry.id));
        }
        // The 404 page's own status is the one failed load the console reports.
        expect(errors.filter((error) => pageId !== 'not-found' || !error.startsWith('Failed to load resource'))).toEqual([]);
        expect(warnings).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('the section registry', () => {
  it.each(LOCALES)('in %s, every registered section is on the page, in order, with the ids the links scroll to', async (locale) => {
    const { context, page } = await openPage(browser, 'desktop', { url: `${baseUrl}${pagePath('home', locale)}`, ...STILL });
    const onPage = await page.$$eval('[data-section]', (parts) =>
      parts.map((part) => ({ id: part.getAttribute('data-section'), anchors: [...part.querySelectorAll('[id]')].map((element) => element.id) })),
    );
    expect(onPage.map((part) => part.id)).toEqual(BELOW_THE_FOLD.map((entry) => entry.id));
    for (const entry of BELOW_THE_FOLD) {
      const anchors = onPage.find((part) => part.id === entry.id)!.anchors;
      expect(
        anchors.filter((id) => (entry.anchors as readonly string[]).includes(id)),
        entry.id,
      ).toEqual(entry.anchors);
    }
    // The anchors the page's links scroll to, each in exactly one section.
    expect(ANCHORS.toSorted()).toEqual(SECTION_ANCHORS.toSorted());
    // The first screen comes before them all.
    expect(
      await page.$eval(
        '[data-hero="desktop"]',
        (hero) => !!(hero.compareDocumentPosition(document.querySelector('[data-section]')!) & Node.DOCUMENT_POSITION_FOLLOWING),
      ),
    ).toBe(true);
    await context.close();
  });
});
