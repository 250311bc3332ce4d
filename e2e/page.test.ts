import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ANCHORS, BELOW_THE_FOLD, NAV_ANCHORS } from '../src/web/app/sections';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { HTML_LANG, pagePath } from '../src/web/lib/pages';
import { axeViolations, launchBrowser, openPage, screenshot, scrollSettled, waitForHydration, type DeviceName } from './helpers/browser';

const baseUrl = inject('baseUrl');
const homeUrl = (locale: Locale) => `${baseUrl}${pagePath('home', locale)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The page's parts in spec order: the first screen's, which exist in one layout each, then every
 * section of the registry (its landmark: the <section>, <footer> or banner its wrapper holds), and
 * the contact form where the page puts it.
 */
type Landmark = { name: string; selector: string; layout?: 'mobile' | 'desktop' };
const SECTIONS: readonly Landmark[] = [
  { name: 'mobile nav', selector: '[data-nav="mobile"]', layout: 'mobile' },
  { name: 'desktop nav', selector: '[data-nav="desktop"]', layout: 'desktop' },
  { name: 'desktop hero', selector: '[data-hero="desktop"]', layout: 'desktop' },
  { name: 'mobile hero', selector: '[data-hero="mobile"]', layout: 'mobile' },
  ...BELOW_THE_FOLD.flatMap((entry) => [
    { name: entry.id, selector: `[data-section="${entry.id}"] :is(section, footer, [data-banner])` },
    ...((entry.anchors as readonly string[]).includes('contact-form') ? [{ name: 'contact form', selector: '#contact-form form' }] : []),
  ]),
];

const layoutOf: Record<DeviceName, 'mobile' | 'desktop'> = { desktop: 'desktop', phone: 'mobile', tablet: 'mobile' };

const top = (page: Page, selector: string) => page.$eval(selector, (element) => Math.round(element.getBoundingClientRect().top));

/**
 * axe-core's findings on the home page in one theme, with an FAQ answer (and on mobile, for the
 * English page, the menu) open, and the console errors seen meanwhile. The French menu is the same
 * markup with other words: its links' names are checked by the section test.
 */
async function auditHome(device: DeviceName, colorScheme: 'light' | 'dark', locale: Locale) {
  const { page, context, errors } = await openPage(browser, device, { url: homeUrl(locale), colorScheme, reducedMotion: 'reduce' });
  await waitForHydration(page);
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await screenshot(page, `${device}-${colorScheme}${locale === 'en' ? '' : `-${locale}`}`);
  // Open an FAQ answer and the mobile menu so their content is checked too.
  await page.locator('[data-faq-item] h4 button').first().click();
  const violations = await axeViolations(page);
  if (layoutOf[device] === 'mobile' && locale === 'en') {
    await page.click('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    violations.push(...(await axeViolations(page)).map((violation) => `menu open: ${violation}`));
  }
  await context.close();
  return { theme: dark ? 'dark' : 'light', violations, errors };
}

describe.each(['desktop', 'phone', 'tablet'] as const)('on a %s', (device) => {
  const layout = layoutOf[device];

  it.each(LOCALES)('shows every section of its layout in %s, in order, with no console error and no request leaving localhost', async (locale) => {
    const { page, context, errors, externalRequests } = await openPage(browser, device, { url: homeUrl(locale) });
    await waitForHydration(page);
    const found = await page.evaluate(
      (sections) => {
        return sections.map((section) => {
          const element = document.querySelector(section.selector);
          return {
            name: section.name,
            exists: Boolean(element),
            visible: Boolean(
              (element && (element as HTMLElement).offsetParent !== null) || (element?.tagName === 'HEADER' && getComputedStyle(element).display !== 'none'),
            ),
          };
        });
      },
      SECTIONS.map(({ name, selector }) => ({ name, selector })),
    );
    for (const [index, section] of SECTIONS.entries()) {
      expect(found[index]!.exists, section.name).toBe(true);
      const expected = section.layout === undefined || section.layout === layout;
      expect(found[index]!.visible, `${section.name} visible on ${device}`).toBe(expected);
    }
    // Sort the landmarks by document position; the result must be the page's order.
    const documentOrder = await page.evaluate(
      (sections) => {
        const located = sections.map((section) => ({ name: section.name, element: document.querySelector(section.selector)! }));
        located.sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
        return located.map((section) => section.name);
      },
      SECTIONS.map(({ name, selector }) => ({ name, selector })),
    );
    expect(documentOrder).toEqual(SECTIONS.map((section) => section.name));
    const content = getContent(locale);
    expect(await page.textContent('h1:visible')).toContain(`${content.hero.headlinePrefix} Atelier IA`);
    expect(await page.getAttribute('html', 'lang')).toBe(HTML_LANG[locale]);
    const nav = layout === 'desktop' ? '[data-nav="desktop"] nav' : '#mobile-menu';
    // The nav's four, in order; the phone's menu then leads to the demo and to a call.
    const links = NAV_ANCHORS.map((anchor) => content.nav[anchor]);
    expect(await page.locator(`${nav} a`).allTextContents()).toEqual(layout === 'desktop' ? links : [...links, content.menu.demo, content.hero.cta]);
    expect(errors).toEqual([]);
    expect(externalRequests).toEqual([]);
    await context.close();
  });

  it.each(['light', 'dark'] as const)('has zero axe-core violations in the %s theme', async (colorScheme) => {
    expect(await auditHome(device, colorScheme, 'en')).toEqual({ theme: colorScheme, violations: [], errors: [] });
  });
});

// The French page has the same markup with other words: one run per layout, one per theme.
describe('French home page', () => {
  it.each([
    ['desktop', 'light'],
    ['phone', 'dark'],
  ] as const)('has zero axe-core violations on a %s in the %s theme', async (device, colorScheme) => {
    expect(await auditHome(device, colorScheme, 'fr')).toEqual({ theme: colorScheme, violations: [], errors: [] });
  });
});

describe('desktop navigation bar', () => {
  it('turns solid with a shadow at 51 px of scroll and transparent again at 50 px', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl });
    const style = () =>
      page.$eval('[data-nav="desktop"]', (element) => {
        const computed = getComputedStyle(element);
        return { background: computed.backgroundColor, shadow: computed.boxShadow };
      });
    // Once the scroll event has set the state, the colour transition (300 ms) runs: wait for its end.
    const at = async (y: number) => {
      await page.evaluate((target) => window.scrollTo({ top: target, behavior: 'instant' }), y);
      await page.waitForFunction((scrolled) => document.documentElement.classList.contains('scrolled') === scrolled, y > 50);
      await page.waitForFunction(() => document.querySelector('[data-nav="desktop"]')!.getAnimations().length === 0);
      return style();
    };
    expect((await at(0)).background).toBe('rgba(0, 0, 0, 0)');
    const solid = await at(51);
    expect(solid.background).toBe('rgb(255, 255, 255)');
    expect(solid.shadow).not.toBe('none');
    const back = await at(50);
    expect(back.background).toBe('rgba(0, 0, 0, 0)');
    expect(back.shadow).toBe('none');
    await context.close();
  });

  it('scrolls smoothly to a section below the fixed bar', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(page);
    await page.click('[data-nav="desktop"] a[href="#faq"]');
    await scrollSettled(page);
    const faqTop = await top(page, '#faq');
    const navBottom = await page.$eval('[data-nav="desktop"]', (element) => element.getBoundingClientRect().bottom);
    expect(faqTop).toBeGreaterThanOrEqual(Math.floor(navBottom));
    expect(faqTop).toBeLessThan(120);
    await context.close();
  });
});

describe('mobile menu', () => {
  it('opens, scrolls to 60 px above a section (160 px for the contact form), highlights it and closes', async () => {
    const { page, context, errors } = await openPage(browser, 'phone', { url: baseUrl });
    await waitForHydration(page);
    const button = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'About' }).click();
    await scrollSettled(page);
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(Math.abs((await top(page, '#about')) - 60)).toBeLessThanOrEqual(1);
    await button.click();
    expect(await menu.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('location');
    expect(await menu.locator('[aria-current]').count()).toBe(1);

    await menu.getByRole('link', { name: 'Contact' }).click();
    await scrollSettled(page);
    expect(Math.abs((await top(page, '#contact-form')) - 160)).toBeLessThanOrEqual(1);
    await button.click();
    expect(await menu.getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBe('location');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes on a backdrop click and on Escape, returning focus to the menu button', async () => {
    const { page, context } = await openPage(browser, 'phone', { url: baseUrl });
    await waitForHydration(page);
    const button = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    const menu = page.locator('#mobile-menu');

    await button.click();
    await page.mouse.click(200, 700); // below the menu: the backdrop
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');

    await button.click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-nav="mobile"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');
    await context.close();
  });

  it('the hero call to action takes a phone to the contact form', async () => {
    const { page, context } = await openPage(browser, 'phone', { url: baseUrl });
    await waitForHydration(page);
    await page.locator('[data-hero="mobile"]').getByRole('link', { name: 'Book a Free Call' }).click();
    await scrollSettled(page);
    expect(Math.abs((await top(page, '#contact-form')) - 160)).toBeLessThanOrEqual(1);
    await context.close();
  });
});

describe('layout', () => {
  it('switches between desktop and mobile when the window is resized', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(page);
    expect(await page.isVisible('[data-nav="desktop"]')).toBe(true);
    await page.setViewportSize({ width: 600, height: 800 });
    await expect.poll(() => page.isVisible('[data-nav="mobile"]')).toBe(true);
    expect(await page.isVisible('[data-nav="desktop"]')).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.isVisible('[data-nav="desktop"]')).toBe(true);
    // The layout threshold, as the boot script's media query reads it: under 768 px is mobile.
    await page.setViewportSize({ width: 767, height: 800 });
    await expect.poll(() => page.isVisible('[data-nav="mobile"]')).toBe(true);
    await page.setViewportSize({ width: 768, height: 800 });
    await expect.poll(() => page.isVisible('[data-nav="desktop"]')).toBe(true);
    await context.close();
  });

  it('keeps the navigation solid when a reload opens the page scrolled down', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(page);
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('scrolled'))).toBe(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(50);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('scrolled'))).toBe(true);
    await context.close();
  });

  it('is already right when the body is first parsed: no desktop flash on a phone, no theme flash', async () => {
    for (const [device, expectedLayout] of [
      ['phone', 'layout-mobile'],
      ['desktop', 'layout-desktop'],
    ] as const) {
      const { page, context } = await openPage(browser, device, { colorScheme: 'dark' });
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.body) {
            (window as unknown as { firstClasses: string }).firstClasses = document.documentElement.className;
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(baseUrl);
      const classes = await page.evaluate(() => (window as unknown as { firstClasses: string }).firstClasses);
      expect(classes.split(' ')).toEqual(expect.arrayContaining([expectedLayout, 'dark']));
      await context.close();
    }
  });

  it('reads fine without JavaScript: every section and every FAQ answer is in the HTML', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl, javaScriptEnabled: false });
    for (const id of ANCHORS) {
      expect(await page.isVisible(`#${id}`), id).toBe(true);
    }
    const answers = page.locator('.faq-panel');
    expect(await answers.count()).toBe(9);
    expect(await answers.first().isVisible()).toBe(true);
    await context.close();
  });

  it('without JavaScript, each form says it needs it, and sending one puts nothing typed in the address', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: `${baseUrl}/fr/`, javaScriptEnabled: false });
    const contact = page.locator('#contact-form form');
    expect(await contact.locator('.no-script-note').textContent()).toContain('Ce formulaire a besoin de JavaScript');
    expect(await contact.locator('.no-script-note').isVisible()).toBe(true);
    expect(await page.locator('#newsletter ~ .no-script-note').isVisible()).toBe(true);
    await contact.getByLabel('Nom complet').fill('Jeanne Roy');
    await contact.getByLabel('Numéro de téléphone').fill('514 555-0100');
    await contact.getByLabel('Courriel').fill('jeanne@example.com');
    await contact.getByLabel('Message ou demande').fill('Un message privé.');
    const sent = page.waitForRequest((request) => request.method() === 'POST');
    await contact.locator('button[type="submit"]').click();
    expect(new URL((await sent).url()).search).toBe('');
    await page.waitForLoadState('load');
    // Back on the form, which says again why it could not send.
    expect(page.url()).toBe(`${baseUrl}/fr/#contact-form`);
    expect(await contact.locator('.no-script-note').isVisible()).toBe(true);
    await context.close();
  });

  it('with JavaScript, the forms show no such note, not even before they hydrate', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/#contact-form`, { waitUntil: 'load' });
    const notes = page.locator('.no-script-note');
    expect(await notes.count()).toBe(2);
    for (const note of await notes.all()) expect(await note.isVisible()).toBe(false);
    await context.close();
  });
});

describe('FAQ', () => {
  it('opens several answers at once and toggles only the one clicked', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(page);
    const questions = page.locator('#faq [data-faq-item] h4 button');
    expect(await questions.count()).toBe(9);
    const first = questions.nth(0);
    const fifth = questions.nth(4);
    const panel = async (question: typeof first) => page.locator(`#${await question.getAttribute('aria-controls')}`);
    // The answers' text as prerendered (never hydrated: sections/faq/Faq.tsx), to find whole after the clicks.
    const answers = () => page.locator('#faq .faq-panel').allTextContents();
    const prerendered = await answers();
    expect(prerendered.every((text) => text.trim().length > 40)).toBe(true);

    await first.click();
    await fifth.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await fifth.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await panel(first)).isVisible()).toBe(true);
    await expect.poll(async () => (await panel(fifth)).isVisible()).toBe(true);

    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await fifth.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await panel(first)).isVisible()).toBe(false);
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('false');
    // The animation lasts 0.3 s.
    expect(await (await panel(fifth)).evaluate((element) => getComputedStyle(element).transitionDuration)).toContain('0.3s');
    expect(await answers()).toEqual(prerendered);
    await context.close();
  });
});

describe('theme', () => {
  it('the toggle sets dark on <html>, and the choice survives a reload without a flash', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const { page, context } = await openPage(browser, device, { url: baseUrl, colorScheme: 'light' });
      await waitForHydration(page);
      // A desktop's three buttons; a phone's one switch, each press changing what shows: system (light) → dark → light → system.
      const nav = device === 'desktop' ? '[data-nav="desktop"]' : '[data-nav="mobile"]';
      const chosen = async () =>
        device === 'desktop'
          ? page.getAttribute(`${nav} [data-theme-option="dark"]`, 'aria-pressed')
          : page.getAttribute(`${nav} [data-theme-switch]`, 'aria-label');
      await page.click(device === 'desktop' ? `${nav} [data-theme-option="dark"]` : `${nav} [data-theme-switch]`);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await chosen()).toBe(device === 'desktop' ? 'true' : 'Theme, Dark');

      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.body) {
            (window as unknown as { darkAtFirstParse: boolean }).darkAtFirstParse = document.documentElement.classList.contains('dark');
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.reload();
      expect(await page.evaluate(() => (window as unknown as { darkAtFirstParse: boolean }).darkAtFirstParse)).toBe(true);
      await waitForHydration(page);
      expect(await chosen()).toBe(device === 'desktop' ? 'true' : 'Theme, Dark');

      if (device === 'desktop') await page.click(`${nav} [data-theme-option="system"]`);
      else for (let press = 0; press < 2; press += 1) await page.click(`${nav} [data-theme-switch]`);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
      await context.close();
    }
  });
});

/** The entrance delays of the service cards once they are in view. */
async function serviceCardDelays(reducedMotion: 'reduce' | 'no-preference'): Promise<string[]> {
  const { page, context } = await openPage(browser, 'desktop', { url: baseUrl, reducedMotion });
  await page.locator('#services').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-section="services"] [data-inview]');
  const found = await page.$$eval('#services [data-service]', (cards) => cards.map((card) => getComputedStyle(card).animationDelay));
  await context.close();
  return found;
}

describe('motion and focus', () => {
  it('stops the banner and decorations under reduced motion, and the banner can be paused', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl, reducedMotion: 'reduce' });
    await waitForHydration(page);
    expect(await page.$eval('.marquee-track', (element) => getComputedStyle(element).animationName)).toBe('none');
    await context.close();

    const moving = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(moving.page);
    const track = moving.page.locator('.marquee-track');
    // It moves while on screen (lib/motion.ts rests it elsewhere).
    await track.scrollIntoViewIfNeeded();
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running');
    const phrases = await moving.page.locator('[data-banner] li').allTextContents();
    expect(phrases.length).toBeGreaterThan(0);
    await moving.page.getByRole('button', { name: 'Pause animation' }).click();
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');
    // The band is never hydrated (sections/banner/BrandBanner.tsx): the button's new state leaves it whole.
    expect(await moving.page.locator('[data-banner] li').allTextContents()).toEqual(phrases);
    await moving.context.close();
  });

  it('the service cards come in one after the other (0.1 to 0.4 s), and at once under reduced motion', async () => {
    expect(await serviceCardDelays('no-preference')).toEqual(['0.1s', '0.2s', '0.3s', '0.4s']);
    expect(await serviceCardDelays('reduce')).toEqual(['0s', '0s', '0s', '0s']);
  });

  it('keyboard focus is always visible and never hidden under the fixed bar', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      // Reduced motion makes focus scrolling instant, so each position is read where it ends, not mid-glide.
      const { page, context } = await openPage(browser, device, { url: baseUrl, reducedMotion: 'reduce' });
      await waitForHydration(page);
      const navSelector = device === 'desktop' ? '[data-nav="desktop"]' : '[data-nav="mobile"] > div';
      for (let index = 0; index < 60; index += 1) {
        await page.keyboard.press('Tab');
        const state = await page.evaluate((selector) => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          const bar = document.querySelector(selector)!.getBoundingClientRect();
          const rect = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return {
            name: element.outerHTML.slice(0, 80),
            // The bars themselves and fixed overlays (the skip link) sit above the page by design.
            inBar: Boolean(element.closest('header')) || style.position === 'fixed',
            top: rect.top,
            bottom: rect.bottom,
            barBottom: bar.bottom,
            outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
            hidden: element.closest('[aria-hidden="true"]') !== null,
          };
        }, navSelector);
        if (!state || state.hidden) continue;
        expect(state.outline, `focus ring on ${state.name}`).toBe(true);
        if (!state.inBar) expect(state.top, `${state.name} below the bar on ${device}`).toBeGreaterThanOrEqual(state.barBottom - 1);
      }
      await context.close();
    }
  });
});
