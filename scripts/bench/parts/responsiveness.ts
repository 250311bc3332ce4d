/**
 * How long each control of the home page takes to paint its response, with the CPU slowed 4× on
 * Lighthouse's phone, measured as INP is: from the moment of the input (the event's timestamp) to
 * the frame that shows what it did. Two moments: right after `load` (the page may still be
 * hydrating: a click that lands before its part of the page has its code is kept and replayed,
 * src/web/hydration/pending.ts, and its response comes when it does), and once the whole page has
 * hydrated (`<html data-hydrated>`). Each measurement is a fresh load of a fresh browser.
 *
 * The response time is the larger of two readings: the Event Timing API's duration of the
 * interaction (input delay, handlers and the paint after them: what INP takes), and the time from
 * the event to the first frame after the response is in the page (a MutationObserver sees it; a
 * requestAnimationFrame callback gives that frame's time), which also covers a response that comes
 * later than the first paint after the input.
 */
import type { Page } from 'playwright-core';
import { load, withSlowedPage } from './long-task';

export const CONTROLS = ['mobile menu', 'FAQ item', 'theme', 'language switch', 'Call Me', 'first keystroke', 'form submit'] as const;
export type Control = (typeof CONTROLS)[number];
export const MOMENTS = ['after load', 'after hydration'] as const;
export type Moment = (typeof MOMENTS)[number];

/** What the control does, and how the page shows it was done (absent: the Event Timing entry alone says). */
type Interaction = {
  act: (page: Page) => Promise<void>;
  /** `orPending`: clicked before its section hydrated, the control shows its response from `data-pending` (src/web/hydration/pending.ts). */
  responded?: { selector: string; attribute: string; value: string; orPending?: true } | { darkTheme: true };
};

const INTERACTIONS: Record<Control, Interaction> = {
  'mobile menu': {
    act: (page) => page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]').click(),
    responded: { selector: '[data-nav="mobile"] button[aria-controls="mobile-menu"]', attribute: 'aria-expanded', value: 'true' },
  },
  'FAQ item': {
    act: (page) => page.locator('[data-faq-item] h4 button').first().click(),
    responded: { selector: '[data-faq-item] h4 button', attribute: 'aria-expanded', value: 'true', orPending: true },
  },
  // The phone bar's one theme switch: its first press leaves the system's light theme for dark.
  theme: { act: (page) => page.locator('[data-nav="mobile"] [data-theme-switch]').click(), responded: { darkTheme: true } },
  // Its response is the other page: the navigation is cancelled (see below), the click itself is timed,
  // by a tap where the switch is (a locator's click would wait for that navigation).
  'language switch': {
    act: async (page) => {
      const box = (await page.locator('[data-nav="mobile"] [data-language-switch]').boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
  },
  'Call Me': {
    // The bench's server has the demo configured (scripts/bench/page.ts): the button turns to "connecting" at once.
    act: (page) => page.locator('#ai-caller button').first().click(),
    responded: { selector: '#ai-caller button', attribute: 'disabled', value: '', orPending: true },
  },
  // Focusing the field starts the form's proof of work: the key is pressed once its
  // challenge has come, while the worker solves it.
  'first keystroke': {
    act: async (page) => {
      const challenge = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/challenge');
      await page.locator('#contact-name').focus();
      await challenge;
      await page.keyboard.press('a');
    },
  },
  'form submit': {
    act: async (page) => {
      await page.locator('#contact-name').fill('Bench Visitor');
      await page.locator('#contact-phone').fill('514 555 0142');
      await page.locator('#contact-email').fill('bench@example.com');
      await page.locator('#contact-message').fill('A request sent by the responsiveness bench.');
      await page.locator('#contact-form button[type="submit"]').click();
    },
    responded: { selector: '#contact-form button[type="submit"]', attribute: 'disabled', value: '' },
  },
};

/** Milliseconds from the input to the painted response (see the file's comment). */
export async function responseTime(url: string, control: Control, moment: Moment): Promise<number> {
  return withSlowedPage('mobile', async (page) => {
    await page.addInitScript(observeInteractions);
    // The language switch leaves the page: the other page answers 204 No Content, so the browser stays.
    const otherPage = (target: URL) => target.pathname !== new URL(url).pathname && !/^\/(assets|api)\//.test(target.pathname);
    await page.route(otherPage, (route) => route.fulfill({ status: 204 }));
    await load(page, url);
    if (moment === 'after hydration') await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, { timeout: 60_000 });
    const { act, responded } = INTERACTIONS[control];
    // The form submit times the click on "Send", not the typing before it.
    await page.evaluate(() => (window as unknown as Observed).reset());
    const shown = responded ? page.evaluate(waitForResponse, responded) : Promise.resolve(0);
    await act(page);
    const frame = await shown;
    // The Event Timing entries of the interaction come after its paint.
    await page.waitForTimeout(300);
    const { inputAt, interactions } = await page.evaluate(() => {
      const observed = window as unknown as Observed;
      return { inputAt: observed.inputAt, interactions: observed.interactions };
    });
    if (inputAt === undefined) throw new Error(`${control}: no input reached the page`);
    const eventTiming = Math.max(0, ...interactions);
    return Math.round(Math.max(eventTiming, frame ? frame - inputAt : 0));
  });
}

type Observed = { inputAt?: number; interactions: number[]; reset: () => void };

/** Init script: the time of the last input, and the durations of the Event Timing entries of interactions. */
function observeInteractions() {
  // (No named inner functions here or in waitForResponse: tsx would wrap them in a helper the page lacks.)
  const self = window as unknown as Observed;
  self.interactions = [];
  Object.assign(self, {
    reset() {
      self.inputAt = undefined;
      self.interactions = [];
    },
  });
  for (const type of ['pointerdown', 'keydown']) {
    addEventListener(
      type,
      (event) => {
        self.inputAt ??= event.timeStamp;
      },
      true,
    );
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) if (entry.interactionId) self.interactions.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** Resolves with the time of the first frame after the response is in the page. */
function waitForResponse(responded: NonNullable<Interaction['responded']>): Promise<number> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const done =
        'darkTheme' in responded
          ? document.documentElement.classList.contains('dark')
          : [...document.querySelectorAll(responded.selector)].some(
              (element) => element.getAttribute(responded.attribute) === responded.value || (responded.orPending && element.hasAttribute('data-pending')),
            );
      if (!done) return;
      observer.disconnect();
      requestAnimationFrame((time) => resolve(time));
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
}
