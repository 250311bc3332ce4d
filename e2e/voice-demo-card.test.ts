import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { pagesInOneBrowser } from './helpers/browser';
import { showWholePage } from './helpers/layout';

/**
 * How the voice-demo card looks before and around a call, measured in a real Chromium on the
 * production build (a call itself: ./voice-demo-call.test.ts).
 */
const baseUrl = inject('baseUrl');
const { open } = pagesInOneBrowser(baseUrl);

describe("the voice card's look", () => {
  it('the idle voice-demo card has no empty band under its button', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const { page, context } = await open(device, 'en');
      await page.locator('#ai-caller').scrollIntoViewIfNeeded();
      const gap = await page.$eval('#ai-caller', (section) => {
        // The main button, whatever it reads (this server has no voice demo: the card may already say so).
        const button = section.querySelector('button[aria-describedby="voice-privacy-notice"]')!;
        const below = button.getBoundingClientRect().bottom;
        // The first thing drawn under the button: text with a box.
        const tops = [...section.querySelectorAll('p, a, button, span')]
          .filter((element) => !button.contains(element) && element.textContent?.trim() && element.getClientRects().length > 0)
          .map((element) => element.getBoundingClientRect().top)
          .filter((top) => top >= below);
        return Math.round(Math.min(...tops) - below);
      });
      expect(gap, device).toBeLessThanOrEqual(40);
      await context.close();
    }
  });

  it('the voice button’s every label sits inside its circle with a margin, in both languages', async () => {
    for (const locale of LOCALES) {
      const { voiceDemo } = getContent(locale);
      const { page, context } = await open('phone', locale);
      const button = page.locator('#ai-caller button[aria-describedby="voice-privacy-notice"]');
      await button.scrollIntoViewIfNeeded();
      // Once the card shows what this server says (it has no demo): React sets no label while each is tried.
      await expect.poll(() => page.locator('#ai-caller [data-call-card]').getAttribute('data-demo-state')).toBe('unavailable');
      // Every label it takes: the call's, and each state the demo cannot be tried in.
      const labels = [voiceDemo.callMe, voiceDemo.connecting, voiceDemo.endCall, ...Object.values(voiceDemo.states).map((state) => state.button)];
      for (const label of labels) {
        // The label's own text node takes each wording in turn: the room it gets is the button's.
        const margin = await button.evaluate((element, text) => {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          let node = walker.nextNode();
          while (node && !node.textContent?.trim()) node = walker.nextNode();
          node!.textContent = text;
          const circle = element.getBoundingClientRect();
          const centre = { x: circle.left + circle.width / 2, y: circle.top + circle.height / 2 };
          const range = document.createRange();
          range.selectNodeContents(node!);
          const points = [...range.getClientRects()].flatMap((rect) => [
            [rect.left, rect.top],
            [rect.right, rect.top],
            [rect.left, rect.bottom],
            [rect.right, rect.bottom],
          ]);
          return Math.min(...points.map(([x, y]) => circle.width / 2 - Math.hypot(x! - centre.x, y! - centre.y)));
        }, label);
        expect(margin, `${locale}: “${label}”`).toBeGreaterThanOrEqual(6);
      }
      await context.close();
    }
  });

  it('the waves are drawn whole, inside the card, at every width from 360 to 1920 px', async () => {
    for (const width of [360, 390, 768, 1024, 1280, 1440, 1920]) {
      const { page, context } = await open(width < 768 ? 'phone' : 'desktop', 'en', { viewport: { width, height: 900 } });
      // The card as it is when the demo can be tried (this server has none): its idle waves show.
      await page.route('**/api/voice/status?*', (route) => route.fulfill({ json: { state: 'ready' } }));
      const card = page.locator('#ai-caller [data-call-card]');
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.getAttribute('data-demo-state')).toBe('ready');
      const drawn = await page.evaluate(() => {
        const cardBox = document.querySelector('#ai-caller [data-call-card]')!.getBoundingClientRect();
        // Each wave leaving the button, at twenty moments of its animation: the most room it takes.
        const waves = [...document.querySelectorAll<HTMLElement>('#ai-caller .animate-wave')].map((wave) => {
          const [animation] = wave.getAnimations();
          const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
          const duration = Number(animation?.effect?.getComputedTiming().duration ?? 0);
          animation?.pause();
          for (let step = 0; step <= 20; step++) {
            if (animation) animation.currentTime = (duration * step) / 20;
            const rect = wave.getBoundingClientRect();
            box.left = Math.min(box.left, rect.left);
            box.top = Math.min(box.top, rect.top);
            box.right = Math.max(box.right, rect.right);
            box.bottom = Math.max(box.bottom, rect.bottom);
          }
          return box;
        });
        // Behind the card from 768 px: the passing voice, each line inside the band that clips it.
        const band = document.querySelector<HTMLElement>('#ai-caller [aria-hidden="true"].overflow-hidden');
        const bandBox = band && band.offsetParent ? band.getBoundingClientRect() : undefined;
        const lines = bandBox ? [...band!.querySelectorAll('path')].map((path) => path.getBoundingClientRect()) : [];
        return {
          card: { left: cardBox.left, top: cardBox.top, right: cardBox.right, bottom: cardBox.bottom },
          waves,
          band: bandBox ? { top: bandBox.top, bottom: bandBox.bottom } : undefined,
          lines: lines.map((line) => ({ top: line.top, bottom: line.bottom })),
        };
      });
      expect(drawn.waves, `${width}px`).toHaveLength(2);
      for (const wave of drawn.waves) {
        expect(wave.left, `${width}px`).toBeGreaterThanOrEqual(drawn.card.left);
        expect(wave.right, `${width}px`).toBeLessThanOrEqual(drawn.card.right);
        expect(wave.top, `${width}px`).toBeGreaterThanOrEqual(drawn.card.top);
        expect(wave.bottom, `${width}px`).toBeLessThanOrEqual(drawn.card.bottom);
      }
      if (width >= 768) {
        expect(drawn.band, `${width}px`).toBeDefined();
        expect(drawn.lines.length, `${width}px`).toBeGreaterThan(0);
        for (const line of drawn.lines) {
          expect(line.top, `${width}px`).toBeGreaterThanOrEqual(drawn.band!.top);
          expect(line.bottom, `${width}px`).toBeLessThanOrEqual(drawn.band!.bottom);
        }
      } else expect(drawn.band, `${width}px`).toBeUndefined();
      await context.close();
    }
  });

  it('the sound waves are one smooth curve: no corner where two of their segments join', async () => {
    const { page, context } = await open('desktop', 'en');
    await showWholePage(page);
    const paths = await page.$$eval('[data-banner] svg path, #ai-caller svg path', (elements) =>
      elements.filter((path) => path.closest('svg')!.classList.contains('animate-marquee')).map((path) => path.getAttribute('d')!),
    );
    expect(paths.length).toBeGreaterThanOrEqual(4);
    for (const d of paths) expect(corners(d), d.slice(0, 60)).toEqual([]);
    await context.close();
  });

  it('a demo the server cannot run is said in the card before any press, in the page’s language, with the phone and the form, and no notification over the section', async () => {
    // This build's server has no voice demo configured.
    for (const locale of ['en', 'fr'] as const) {
      const { page, context } = await open('phone', locale);
      const { voiceDemo } = getContent(locale);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const card = page.locator('#ai-caller [data-call-card]');
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.getAttribute('data-demo-state')).toBe('unavailable');
      const button = page.locator('#ai-caller button[aria-describedby~="voice-privacy-notice"]');
      expect(await button.getAttribute('aria-disabled')).toBe('true');
      expect((await button.textContent())?.trim()).toBe(voiceDemo.states.unavailable.button.replace(/'/g, '’'));
      expect(await page.locator('#voice-demo-state').isVisible()).toBe(true);
      const box = page.locator('#ai-caller [data-captions]');
      expect(await box.locator('a[href^="tel:"]').count()).toBe(1);
      expect(await box.locator('a[href="#contact-form"]').count()).toBe(1);
      // Pressed anyway (forced: Playwright waits for an aria-disabled button to be enabled): nothing
      // is asked of the server, and no notification.
      await button.click({ force: true });
      await page.waitForTimeout(300);
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      expect(requested.filter((path) => path === '/api/voice/status')).toHaveLength(1);
      expect(requested.filter((path) => path === '/api/challenge' || path === '/api/voice/session')).toEqual([]);
      await context.close();
    }
  });
});

/**
 * Where a path drawn with M, q/Q, t/T, c/C and s/S commands turns a corner: where the direction
 * a segment ends in is not the one the next begins with (more than 1°). Joins are numbered.
 */
function corners(d: string): string[] {
  const tokens = d.match(/[a-zA-Z]|-?\d*\.?\d+(?:e-?\d+)?/g)!;
  let index = 0;
  const number = () => Number(tokens[index++]);
  let point = { x: 0, y: 0 };
  let command = '';
  let lastControl: { x: number; y: number } | null = null;
  let endDirection: { x: number; y: number } | null = null;
  const found: string[] = [];
  let join = 0;
  while (index < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[index]!)) command = tokens[index++]!;
    const relative = command === command.toLowerCase();
    const at = (x: number, y: number) => (relative ? { x: point.x + x, y: point.y + y } : { x, y });
    const kind = command.toLowerCase();
    if (kind === 'm') {
      point = at(number(), number());
      endDirection = null;
      lastControl = null;
      continue;
    }
    let first: { x: number; y: number };
    let last: { x: number; y: number };
    let end: { x: number; y: number };
    const reflected = () => (lastControl ? { x: 2 * point.x - lastControl.x, y: 2 * point.y - lastControl.y } : point);
    if (kind === 'q') {
      first = at(number(), number());
      end = at(number(), number());
      last = first;
    } else if (kind === 't') {
      first = reflected();
      end = at(number(), number());
      last = first;
    } else if (kind === 'c') {
      first = at(number(), number());
      last = at(number(), number());
      end = at(number(), number());
    } else if (kind === 's') {
      first = reflected();
      last = at(number(), number());
      end = at(number(), number());
    } else throw new Error(`unexpected path command ${command}`);
    const startDirection = { x: first.x - point.x, y: first.y - point.y };
    if (endDirection) {
      const angle = Math.abs(Math.atan2(startDirection.y, startDirection.x) - Math.atan2(endDirection.y, endDirection.x)) * (180 / Math.PI);
      if (Math.min(angle, 360 - angle) > 1) found.push(`join ${join}: ${Math.round(angle)}°`);
    }
    join += 1;
    endDirection = { x: end.x - last.x, y: end.y - last.y };
    lastControl = last;
    point = end;
  }
  return found;
}
