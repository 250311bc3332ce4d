/**
 * The site in both languages: the language switch keeps the reader's place and remembers the choice,
 * a French browser is offered French without a redirect, and a form sent from /fr/ is answered and
 * stored in French. In a real Chromium against the production server and the default (fictional)
 * configuration.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { languages } from '../src/content';
import { type Locale } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { pagePath, type PageId } from '../src/web/lib/pages';
import { openPage, pagesInOneBrowser, scrollSettled, waitForHydration } from './helpers/browser';

const baseUrl = inject('baseUrl');
const url = (page: PageId, locale: Locale) => `${baseUrl}${pagePath(page, locale)}`;
const { browser } = pagesInOneBrowser(baseUrl);

/** Text as read: no-break spaces (a paragraph's last two words kept together) as spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');
const storedLocale = (page: Page) => page.evaluate(() => localStorage.getItem('locale'));

/**
 * Scrolls `selector`'s top to `top` px below the window's and waits until it stays there. Jumping
 * straight down, the sections just above come within the browser's rendering margin
 * (content-visibility) and take their measured heights a moment later, which moves what is below
 * them; the language switch reads the place where it then is.
 */
async function placeAt(page: Page, selector: string, top: number) {
  await expect
    .poll(async () => {
      await page.$eval(selector, (element, wanted) => scrollTo({ top: element.getBoundingClientRect().top + scrollY - wanted, behavior: 'instant' }), top);
      await page.waitForTimeout(500);
      return page.$eval(selector, (element) => Math.round(element.getBoundingClientRect().top));
    })
    .toBe(top);
}

describe('language switch', () => {
  it('on a desktop, takes the reader of an English FAQ question to the same question in French, and remembers the choice', async () => {
    const { page, context, errors } = await openPage(browser(), 'desktop', { url: url('home', 'en') });
    await waitForHydration(page);
    const question = '#faq-local-vs-standard-llm-button';
    await placeAt(page, question, 100);

    await page.click('[data-nav="desktop"] [data-language-switch="fr"]');
    await page.waitForURL(`${url('home', 'fr')}#faq-local-vs-standard-llm-button`);
    await waitForHydration(page);
    await scrollSettled(page);
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    const landed = await page.$eval(question, (element) => ({ top: element.getBoundingClientRect().top, text: element.textContent }));
    expect(spaced(landed.text)).toBe(spaced(getContent('fr').faq.groups[1]!.items[3]!.question));
    // Just below the fixed bar (72 px), where the page's scroll padding (88 px) places it.
    expect(landed.top).toBeGreaterThanOrEqual(72);
    expect(landed.top).toBeLessThanOrEqual(92);
    expect(await storedLocale(page)).toBe('fr');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, the switch in the bar keeps the section and the remembered choice sends `/` to `/fr/` before any paint', async () => {
    const { page, context } = await openPage(browser(), 'phone', { url: url('home', 'fr') });
    await waitForHydration(page);
    // "What you get" starts just above the reading line (110 px), its heading is still below it.
    await placeAt(page, '#about', 100);
    // French page → English: choosing English is remembered too.
    await page.click('[data-nav="mobile"] [data-language-switch="en"]');
    await page.waitForURL(`${url('home', 'en')}#about`);
    await scrollSettled(page);
    const top = await page.$eval('#about', (element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(56); // below the bar
    expect(top).toBeLessThanOrEqual(92); // where the scroll padding (88 px) puts it
    expect(await storedLocale(page)).toBe('en');
    expect(await page.textContent('#about h2')).toBe(getContent('en').benefits.title);

    // Back to French, then a fresh visit to `/`: straight to /fr/, the English page never shown.
    await page.click('[data-nav="mobile"] [data-language-switch="fr"]');
    await page.waitForURL((address) => address.pathname === '/fr/');
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        observer.disconnect();
        const shown = getComputedStyle(document.documentElement).visibility !== 'hidden';
        sessionStorage.setItem(`shown:${location.pathname}`, String(shown));
      }).observe(document, { childList: true, subtree: true });
    });
    // A slow French page, as on a real network: meanwhile the browser goes on parsing `/`.
    await page.route(url('home', 'fr'), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto(url('home', 'en'), { waitUntil: 'commit' });
    await page.waitForURL(url('home', 'fr'));
    await waitForHydration(page);
    expect(await page.evaluate(() => sessionStorage.getItem('shown:/'))).not.toBe('true');
    expect(await page.evaluate(() => sessionStorage.getItem('shown:/fr/'))).toBe('true');
    // Addresses with a language in them are honoured: the English policy stays English.
    await page.goto(url('privacy', 'en'));
    expect(await page.getAttribute('html', 'lang')).toBe('en-CA');
    await context.close();
  });
});

describe('French browser on the English page', () => {
  it('is offered French in French, without being redirected; "Non merci" is remembered, "Voir en français" opens /fr/', async () => {
    const { page, context, errors } = await openPage(browser(), 'desktop', { url: url('home', 'en'), locale: 'fr-CA' });
    await waitForHydration(page);
    const offer = page.getByRole('region', { name: languages.fr.offer.message });
    await offer.waitFor();
    expect(page.url()).toBe(url('home', 'en'));
    expect(await offer.getAttribute('lang')).toBe('fr-CA');
    await offer.getByRole('button', { name: 'Non merci' }).click();
    expect(await offer.count()).toBe(0);
    expect(await storedLocale(page)).toBe('en');
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(300);
    expect(await page.locator('[data-language-offer]').count()).toBe(0);
    expect(page.url()).toBe(url('home', 'en'));

    // Another visitor accepts.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('link', { name: 'Voir en français' }).click();
    await page.waitForURL(url('home', 'fr'));
    expect(await storedLocale(page)).toBe('fr');
    await waitForHydration(page);
    expect(await page.locator('[data-language-offer]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('forms in French', () => {
  it('a contact request sent from /fr/ gets French messages and is stored as French', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: url('home', 'fr') });
    await waitForHydration(page);
    const email = `fr-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Nom complet').fill('Josée Tremblay');
    await page.getByLabel('Numéro de téléphone').fill('418 555-0199');
    await page.getByLabel('Courriel', { exact: true }).fill(email);
    await page.getByLabel('Message ou demande').fill('Un agent vocal pour nos réservations.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: getContent('fr').toasts.contact.success.title })
      .waitFor();
    const db = new Database(inject('sqlitePath'), { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('SELECT name, locale, page FROM contact_submissions WHERE email = ?').get(email)).toEqual({
        name: 'Josée Tremblay',
        locale: 'fr',
        page: '/fr/',
      });
    } finally {
      db.close();
    }
    await context.close();
  });
});
