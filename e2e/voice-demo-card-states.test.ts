/**
 * The voice demo's card in each state a server can put it in, in real Chromium (the setup:
 * ./helpers/voice-demo.ts), in both languages, at a phone's width and a desktop's: idle, in a call
 * and ended on the file's server; ready, lines busy and the day's minutes spent on a server with one
 * line and three minutes a day; unavailable on a server with no demo configured.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getContent } from '../src/content/all';
import { STATUS_MAX_AGE_SECONDS } from '../src/server/voice/status-route';
import { callStarted, endOfCallReport } from '../test/vapi-messages';
import { axeViolations } from './helpers/browser';
import { fromAssistant, joinedRoom } from './helpers/daily-stand-in';
import { startServer, type RunningServer } from './helpers/server';
import {
  ASSISTANT,
  box,
  CARD,
  captions,
  demo,
  DIR,
  fadesTop,
  lines,
  mainButton,
  open,
  pageRequests,
  server,
  SERVER_SECRET,
  SHOTS,
  standIn,
  startVoiceDemo,
  STATIC_DIR,
  typeset,
  voiceEnv,
} from './helpers/voice-demo';

startVoiceDemo('card-states');

/** The server reads the day's holds at most every few seconds: a state changed by a report shows after that. */
const afterStatusAge = () => new Promise((done) => setTimeout(done, (STATUS_MAX_AGE_SECONDS + 0.5) * 1000));
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  // The fixed bar would stand over the section in its picture: set aside while it is taken (through
  // the CSSOM: the page's security policy refuses a style sheet of the test's).
  const bars = (visibility: string) =>
    page.evaluate((value) => document.querySelectorAll<HTMLElement>('[data-nav]').forEach((bar) => bar.style.setProperty('visibility', value)), visibility);
  await bars('hidden');
  await demo(page).screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' });
  await bars('');
};

describe("the card's states in Chromium, in both languages, at a phone's width and a desktop's", () => {
  /** One line (VOICE_MAX_CONCURRENT=1) and three minutes a day: one call fills it. */
  let states: RunningServer;
  /** No voice demo configured at all. */
  let off: RunningServer;
  const WIDTHS = [360, 1280] as const;

  beforeAll(async () => {
    // Every page here comes from one address (127.0.0.1), some 20 of them each asking a challenge and a
    // session: the per-client limits are raised so that they never answer instead of the state under
    // test. Those limits are tried in the routes' own tests (challenge.test.ts, voice-session.test.ts),
    // the shipped values in src/server/properties/lead-flood.test.ts.
    const common = { STATIC_DIR, DATABASE_URL: '', RATE_LIMIT_VOICE: '1000/600', RATE_LIMIT_CHALLENGE: '1000/600' };
    states = await startServer({
      ...voiceEnv,
      ...common,
      SQLITE_PATH: join(DIR, 'states.sqlite'),
      VOICE_MAX_CONCURRENT: '1',
      VOICE_MINUTES_PER_DAY: '3',
      VOICE_MAX_CALL_SECONDS: '180',
    });
    off = await startServer({ ...common, SQLITE_PATH: join(DIR, 'off.sqlite') });
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await states?.stop();
    await off?.stop();
  });

  /** Vapi reporting a call to the states server. */
  const report = (message: object) =>
    fetch(`${states.url}/api/voice/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVER_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });

  it('idle, in a call with nine lines of captions (the newest six or more whole, none cut, nothing in the card shifting), and ended', async () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const width of WIDTHS) {
        const page = await open(server.url, locale, width);
        await page.evaluate(() => {
          const shifts: number[] = [];
          Object.assign(window, { __shifts: shifts });
          new PerformanceObserver((list) => {
            // Shifts of the demo's own elements that no input caused (CLS's own rule), the captions
            // box's lines included: they come in by scrolling, which is not a shift.
            for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }>) {
              const card = document.querySelector('#ai-caller')!;
              if (!entry.hadRecentInput && entry.sources.some((source) => source.node && card.contains(source.node))) shifts.push(entry.value);
            }
          }).observe({ type: 'layout-shift' });
        });
        await shot(page, `${locale}-${width}-idle`);
        // The card's frame: the captions box and the main button, where they are on the page.
        const frame = () =>
          page.evaluate(() =>
            ['#ai-caller [data-captions]', '#ai-caller button[aria-describedby="voice-privacy-notice"]'].map((selector) => {
              const rect = document.querySelector(selector)!.getBoundingClientRect();
              return [rect.top + scrollY, rect.left, rect.width, rect.height].map(Math.round);
            }),
          );
        const frameBefore = await frame();
        await mainButton(page).click();
        await joinedRoom(page);
        await fromAssistant(page, 'listening');
        for (let i = 1; i <= 9; i++) {
          const role = i % 2 ? 'assistant' : 'user';
          await fromAssistant(page, { type: 'transcript', role, transcriptType: 'final', transcript: `Line ${i} of the call.` });
        }
        await expect.poll(() => lines(page).then((all) => all.length)).toBe(9);
        // Once the newest line's entrance animation is over: it slides in from below.
        await box(page).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
        const fit = await box(page).evaluate((element) => {
          const edges = element.querySelector('[role=log]')!.parentElement!.getBoundingClientRect();
          // The box's own top edge, under its padding: nothing shows above it.
          const visible = [...element.querySelectorAll<HTMLElement>('[data-line]')].filter((line) => line.checkVisibility({ visibilityProperty: true }));
          const rects = visible.map((line) => line.getBoundingClientRect());
          return {
            shown: visible.map((line) => line.textContent),
            whole: rects.every((rect) => rect.top >= edges.top - 0.5 && rect.bottom <= edges.bottom + 0.5),
          };
        });
        expect(fit.shown.length, `${locale} ${width}`).toBeGreaterThanOrEqual(6);
        expect(fit.whole).toBe(true);
        // The newest at the bottom; the oldest shown fade under the box's top edge.
        expect(fit.shown.at(-1)).toContain('Line 9 of the call.');
        expect(await fadesTop(page)).toBe(true);
        // Filling the box moves neither it nor the button (the card keeps its size).
        expect(await frame(), `${locale} ${width}`).toEqual(frameBefore);
        // Nothing in the card shifted during the call, as Chrome counts shifts (CLS 0).
        expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts), `${locale} ${width}`).toEqual([]);
        await shot(page, `${locale}-${width}-call`);
        await mainButton(page).click();
        await expect.poll(() => captions(page).textContent()).toContain(locale === 'fr' ? 'L’appel a duré' : 'The call lasted');
        await shot(page, `${locale}-${width}-ended`);
        expect(await axeViolations(page, CARD)).toEqual([]);
        await page.context().close();
        standIn.requests.length = 0;
        standIn.refusals.length = 0;
      }
    }
  }, 240_000);

  /**
   * The card as the server's state makes it before any press, in each language and width, and on a
   * desktop in both themes (one page, the system's theme turned dark after the light one's checks):
   * which state, its button, the line under it, the firm's phone (written as the footer writes it)
   * and the contact form in the box, no axe violation, and no proof of work asked to learn it.
   */
  async function expectStateBeforePress(origin: string, state: 'ready' | 'unavailable' | 'budget-spent' | 'lines-busy', name: string) {
    for (const locale of ['en', 'fr'] as const) {
      const copy = getContent(locale).voiceDemo;
      for (const width of WIDTHS) {
        const page = await open(origin, locale, width);
        const card = demo(page).locator('[data-call-card]');
        await expect.poll(() => pageRequests.get(page)!.includes('/api/voice/status')).toBe(true);
        await expect.poll(() => card.getAttribute('data-demo-state')).toBe(state);
        const requested = pageRequests.get(page)!;
        const button = demo(page).locator('button[aria-describedby~="voice-privacy-notice"]');
        if (state === 'ready') {
          expect(await button.textContent()).toBe(typeset(locale, copy.callMe));
          expect(await demo(page).locator('.animate-wave').count()).toBe(2);
          expect(await demo(page).getByText(typeset(locale, copy.microphoneNote)).isVisible()).toBe(true);
          // The proof of work for the press starts once the state is known to be ready, never to learn it.
          await expect.poll(() => requested.includes('/api/challenge')).toBe(true);
          expect(requested.indexOf('/api/voice/status')).toBeLessThan(requested.indexOf('/api/challenge'));
        } else {
          const words = copy.states[state];
          expect(await button.textContent()).toBe(typeset(locale, words.button));
          expect(await button.getAttribute('aria-disabled')).toBe(state === 'lines-busy' ? null : 'true');
          expect(await demo(page).locator('.animate-wave').count()).toBe(0);
          expect(await demo(page).getByText(typeset(locale, copy.microphoneNote)).isVisible()).toBe(false);
          expect(await demo(page).locator('#voice-demo-state').textContent()).toBe(typeset(locale, words.note));
          // Not a dead end: the firm's phone, as the footer writes it, and the contact form.
          const phone = box(page).locator('a[href^="tel:"]');
          expect(await phone.count()).toBe(1);
          const footerPhone = page
            .locator('footer li')
            .filter({ hasText: getContent(locale).footer.contactUs.phoneLabel })
            .locator('span.whitespace-nowrap');
          const written = (await footerPhone.textContent())!.trim();
          expect((await phone.textContent())!.trim()).toBe(written);
          const href = (await phone.getAttribute('href'))!;
          expect(href).toMatch(/^tel:\+?\d+$/);
          expect(href.endsWith(written.replace(/\D/g, ''))).toBe(true);
          expect(await box(page).locator('a[href="#contact-form"]').count()).toBe(1);
          expect(await box(page).locator('a[href="#contact-form"]').isVisible()).toBe(true);
          // Nothing was made ready for a press that could not start a call.
          await page.waitForTimeout(200);
          expect(requested.filter((path) => path === '/api/challenge' || path === '/api/voice/session')).toEqual([]);
        }
        expect(await axeViolations(page, CARD), `${locale} ${width} light`).toEqual([]);
        await shot(page, `${locale}-${width}-${name}`);
        // On a desktop, the same card once the system turns dark (the page follows it as it changes).
        if (width === 1280) {
          await page.emulateMedia({ colorScheme: 'dark' });
          await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
          expect(await card.getAttribute('data-demo-state')).toBe(state);
          expect(await axeViolations(page, CARD), `${locale} ${width} dark`).toEqual([]);
        }
        expect(requested.filter((path) => path === '/api/voice/status')).toHaveLength(1);
        await page.context().close();
      }
    }
  }

  it("shows before any press: ready, then every line busy while one is in use, then the day's minutes spent once Vapi's report came; and a press on a card that showed ready shows what it met", async () => {
    await expectStateBeforePress(states.url, 'ready', 'before-ready');
    // A card shown ready; then another visitor's call starts (reported by Vapi): the one line is taken.
    const page = await open(states.url, 'en', 1280);
    await expect.poll(() => demo(page).locator('[data-call-card]').getAttribute('data-demo-state')).toBe('ready');
    expect((await report(callStarted({ callId: 'call-e2e-other', assistantId: ASSISTANT.en }))).status).toBe(200);
    await mainButton(page).click();
    await expect.poll(() => captions(page).textContent()).toContain('All our lines are busy');
    expect(await demo(page).locator('[data-call-card]').getAttribute('data-demo-state')).toBe('lines-busy');
    expect(await captions(page).locator('a[href^="tel:"]').count()).toBe(1);
    expect(await captions(page).locator('a[href="#contact-form"]').count()).toBe(1);
    expect(await mainButton(page).getAttribute('aria-disabled')).toBeNull();
    expect(standIn.requests).toHaveLength(0); // no call Vapi would refuse
    expect(await axeViolations(page, CARD)).toEqual([]);
    await page.context().close();

    await afterStatusAge();
    await expectStateBeforePress(states.url, 'lines-busy', 'busy');
    // It ends after 175 s: three minutes a day leave no room for another call of up to three.
    expect((await report(endOfCallReport({ callId: 'call-e2e-other', assistantId: ASSISTANT.en, seconds: 175 }))).status).toBe(200);
    await afterStatusAge();
    await expectStateBeforePress(states.url, 'budget-spent', 'budget-spent');
    // Pressed anyway: nothing is asked of the server.
    const spent = await open(states.url, 'fr', 360);
    await expect.poll(() => demo(spent).locator('[data-call-card]').getAttribute('data-demo-state')).toBe('budget-spent');
    // Forced: Playwright waits for an aria-disabled button to be enabled.
    await demo(spent).locator('button[aria-describedby~="voice-privacy-notice"]').click({ force: true });
    await spent.waitForTimeout(300);
    expect(pageRequests.get(spent)!.filter((path) => path === '/api/voice/session' || path === '/api/challenge')).toEqual([]);
    expect(await spent.locator('[data-sonner-toast]').count()).toBe(0);
    expect(standIn.requests).toHaveLength(0);
  }, 600_000);

  it('without a voice demo: unavailable before any press, the button so named, the phone and a link to the contact form that leads there', async () => {
    await expectStateBeforePress(off.url, 'unavailable', 'unavailable');
    for (const locale of ['en', 'fr'] as const) {
      const page = await open(off.url, locale, 360);
      await expect.poll(() => demo(page).locator('[data-call-card]').getAttribute('data-demo-state')).toBe('unavailable');
      await demo(page).locator('[data-captions] a[href="#contact-form"]').click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#contact-form');
      await page.context().close();
    }
  }, 300_000);

  it("opens the privacy disclosure by keyboard, and the hero's second way in scrolls to the demo in both layouts", async () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const width of WIDTHS) {
        const page = await open(server.url, locale, width);
        const summary = demo(page).locator('summary');
        expect(await summary.textContent()).toBe(getContent(locale).voiceDemo.privacyDetails.summary);
        await summary.focus();
        await page.keyboard.press('Enter');
        expect(
          await demo(page)
            .locator('details')
            .evaluate((element) => (element as HTMLDetailsElement).open),
        ).toBe(true);
        expect(await axeViolations(page, CARD)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.locator('[data-voice-way-in]:visible').click();
        await expect.poll(() => demo(page).evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeLessThan(200);
        await page.context().close();
      }
    }
  });
});
