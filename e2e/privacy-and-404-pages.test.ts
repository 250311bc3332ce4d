/**
 * The privacy policy and the 404 page in each language: their sections, the firm's details, no
 * axe-core violation. In a real Chromium against the production server and the default (fictional)
 * configuration.
 */
import { describe, expect, inject, it } from 'vitest';
import { loadSiteConfig } from '../src/config/site-schema';
import { formatPhone } from '../src/content';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { keptTable, privacyPolicies } from '../src/content/privacy';
import { keptKinds } from '../src/contracts/kept-data';
import { HTML_LANG, otherLocale, pagePath, type PageId } from '../src/web/lib/pages';
import { axeViolations, openPage, pagesInOneBrowser, waitForHydration, type DeviceName } from './helpers/browser';

const baseUrl = inject('baseUrl');
const site = loadSiteConfig({});
const url = (page: PageId, locale: Locale) => `${baseUrl}${pagePath(page, locale)}`;
const { browser } = pagesInOneBrowser(baseUrl);

describe('privacy policy', () => {
  // Each page in both themes (switched with the page's own toggle) and in each layout. The English
  // one is seen by a French browser, so the offer is checked too; the French one by an English
  // browser, which is offered nothing.
  it.each([
    ['en', 'desktop', 'fr-CA'],
    ['fr', 'phone', 'en-CA'],
  ] as const)(
    'in %s on a %s: zero axe-core violations in both themes, every section, the officer and the retention period',
    async (locale, device, browserLocale) => {
      const { page, context, errors, externalRequests } = await openPage(browser(), device as DeviceName, {
        url: url('privacy', locale),
        colorScheme: 'light',
        locale: browserLocale,
        reducedMotion: 'reduce',
      });
      await waitForHydration(page);
      const policy = privacyPolicies[locale];
      expect(await page.getAttribute('html', 'lang')).toBe(HTML_LANG[locale]);
      expect(await page.textContent('h1')).toBe(policy.title);
      expect(await page.locator('main section[id] h2').allTextContents()).toEqual(policy.sections.map((section) => section.title));
      const text = await page.textContent('main');
      for (const fact of [site.privacyOfficer.name, site.privacyOfficer.title[locale], site.privacyOfficer.email, 'Vapi', 'SQLite']) {
        expect(text).toContain(fact);
      }
      // The table of what is kept is the server's declaration: one row per kind of data, in its
      // order, each cell as this deployment states it (durations from its settings).
      const shown = await page.locator('[data-kept-table] tbody tr').evaluateAll((rows) =>
        rows.map((row) => {
          const [what, why, howLong, seenBy] = [...row.children].map((cell) => {
            const copy = cell.cloneNode(true) as HTMLElement;
            for (const label of copy.querySelectorAll('[data-cell-label]')) label.remove();
            return copy;
          });
          return {
            kind: (row as HTMLElement).dataset.kind,
            what: what!.textContent,
            why: why!.textContent,
            howLong: howLong!.textContent,
            seenBy: [...seenBy!.querySelectorAll('[data-who]')].map((who) => who.textContent),
          };
        }),
      );
      expect(shown).toEqual(keptTable(locale, site).rows);
      expect(shown.map((row) => row.kind)).toEqual(keptKinds());
      expect(await page.locator('[data-kept-table] caption').textContent()).toBe(privacyPolicies[locale].kept.caption);
      expect(await page.getAttribute('a[href^="https://www.cai.gouv.qc.ca"]', 'href')).toBe('https://www.cai.gouv.qc.ca/');
      if (browserLocale === 'fr-CA') await page.locator('[data-language-offer="fr"]').waitFor();
      else expect(await page.locator('[data-language-offer]').count()).toBe(0);

      expect(await axeViolations(page)).toEqual([]);
      // The three buttons from 768 px; on a phone the one switch, whose first press leaves the system's (light) theme.
      await page.click(device === 'phone' ? 'header [data-theme-switch]' : 'header [data-theme-option="dark"]');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      expect(externalRequests).toEqual([]);
      await context.close();
    },
  );

  it('unknown addresses get the 404 page of their language, which leads home and to the other language', async () => {
    for (const locale of LOCALES) {
      const address = `${baseUrl}${pagePath('home', locale)}nothing-here`;
      expect((await fetch(address)).status).toBe(404);
      const { page, context } = await openPage(browser(), 'desktop', { url: address });
      expect(await page.getAttribute('html', 'lang')).toBe(HTML_LANG[locale]);
      expect(await page.locator('main a').first().getAttribute('href')).toBe(pagePath('home', locale));
      const other = locale === 'fr' ? 'en' : 'fr';
      expect(await page.getAttribute(`header [data-language-switch="${other}"]`, 'href')).toBe(pagePath('home', other));
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

describe('the 404 page', () => {
  it('the 404 page speaks the language of its address, with the site’s header and footer, the firm’s phone and e-mail, and a way home', async () => {
    for (const [path, locale] of [
      ['/fr/nothing-here', 'fr'],
      ['/fr/confidentialite/old', 'fr'],
      ['/nothing-here', 'en'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      const { page, context, errors } = await openPage(browser(), 'desktop');
      const failed: string[] = [];
      page.on('response', (answer) => {
        if (answer.status() >= 400 && answer.url() !== `${baseUrl}${path}`) failed.push(`${answer.status()} ${answer.url()}`);
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      await waitForHydration(page);
      const mine = getContent(locale).notFound;
      const other = getContent(otherLocale(locale)).notFound;
      expect(await page.getAttribute('html', 'lang'), path).toBe(HTML_LANG[locale]);
      const title = await page.title();
      expect(title, path).toContain(mine.title);
      expect(title, path).not.toContain(other.title);
      const text = await page.locator('body').innerText();
      expect(text, path).toContain(mine.title);
      expect(text, path).not.toContain(other.title);
      expect(text, path).not.toContain(other.text);
      expect(await page.locator('header').getByRole('link').first().getAttribute('href'), path).toBe(pagePath('home', locale));
      const footer = page.locator('footer');
      expect(await footer.innerText(), path).toContain(site.email);
      expect(await footer.innerText(), path).toContain(formatPhone(site.phone, locale));
      expect(await page.locator('main').getByRole('link', { name: mine.home }).getAttribute('href'), path).toBe(pagePath('home', locale));
      expect(await axeViolations(page), path).toEqual([]);
      // The page's own 404 is the one failed load the console reports.
      expect(
        errors.filter((error) => !error.startsWith('Failed to load resource')),
        path,
      ).toEqual([]);
      expect(failed, path).toEqual([]);
      await context.close();
    }
  });
});
