import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatAddress, formatPhone } from '../src/config/address';
import { loadSiteConfig } from '../src/config/site-schema';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { PRIVACY_POLICY_UPDATED } from '../src/content/catalog';
import { dateInWords, durationInWords } from '../src/content/dates';
import { privacyPolicies } from '../src/content/privacy';
import { keepTogether } from '../src/content/typography';
import { pagePath, type PageId } from '../src/web/lib/pages';
import { launchBrowser, openPage, waitForHydration } from './helpers/browser';
import { showWholePage } from './helpers/layout';

/**
 * What the pages state about the firm and its site is what this deployment is: the test build's
 * configuration (e2e/global-setup.ts: the fictional identity, SQLite, no call transcripts kept,
 * the default retention) and the build itself (its year).
 */
const baseUrl = inject('baseUrl');
const staticDir = inject('staticDir');
const site = loadSiteConfig({});
const url = (page: PageId, locale: Locale) => `${baseUrl}${pagePath(page, locale)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function pageText(address: string, device: 'desktop' | 'phone' = 'desktop') {
  const { page, context } = await openPage(browser, device, { url: address });
  await waitForHydration(page);
  await showWholePage(page);
  const text = await page.locator('body').innerText();
  return { page, context, text };
}

describe('the privacy page states the deployment’s choices', () => {
  it('names the one database it uses, the retention in words, what it keeps of a call, and the date set for the policy', async () => {
    for (const locale of LOCALES) {
      const { context, text } = await pageText(url('privacy', locale));
      const policy = privacyPolicies[locale];
      expect(text, locale).toContain('SQLite');
      expect(text, locale).not.toContain('PostgreSQL');
      // In the table of what is kept, where the duration begins its cell ("Two years after we receive it").
      expect(text.toLowerCase(), locale).toContain(durationInWords(site.retentionDays, locale).toLowerCase());
      expect(text, locale).not.toContain(String(site.retentionDays));
      // No transcript is kept by this server (VOICE_LEAD_TRANSCRIPT is off): the page says so, not "if we turned that on".
      expect(text, locale).toContain(policy.callReport.summaryOnly);
      expect(text, locale).not.toContain(policy.callReport.withTranscript);
      expect(text, locale).not.toMatch(/turned that on|activé cette option|SQLite or PostgreSQL|SQLite ou PostgreSQL/);
      expect(text, locale).toContain(dateInWords(PRIVACY_POLICY_UPDATED, locale));
      await context.close();
    }
  });

  it('the contact form’s notice says the same retention, in words', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await openPage(browser, 'desktop', { url: url('home', locale) });
      await waitForHydration(page);
      const notice = await page.locator('#contact-privacy-notice').textContent();
      expect(notice, locale).toContain(durationInWords(site.retentionDays, locale));
      expect(notice, locale).not.toContain(String(site.retentionDays));
      await context.close();
    }
  });
});

describe('the © year is the build’s', () => {
  it('the footer of every page says the year the site was built in', async () => {
    // The build writes its pages once: the home page's file is as old as the build.
    const built = (await stat(join(staticDir, 'index.html'))).mtime.getFullYear();
    for (const locale of LOCALES) {
      for (const address of [url('home', locale), url('privacy', locale), `${url('home', locale)}nothing-here`]) {
        const { context, page } = await openPage(browser, 'desktop', { url: address });
        await waitForHydration(page);
        await showWholePage(page);
        const footer = await page.locator('footer').innerText();
        expect(footer, address).toContain(`© ${built} ${keepTogether(site.brand)}`);
        expect(footer.match(/© (\d{4})/g), address).toEqual([`© ${built}`]);
        await context.close();
      }
    }
  });
});

describe('the firm’s details are written as each language writes them', () => {
  it('French pages write the phone « 514 555-0142 » and the address in Canada Post’s French form; the call link keeps +1', async () => {
    for (const locale of LOCALES) {
      const { page, context, text } = await pageText(url('home', locale));
      const phone = formatPhone(site.phone, locale);
      expect(phone).toBe(locale === 'fr' ? '514\u00a0555-0142' : site.phone);
      expect(await page.locator('#contact a[href^="tel:"]').textContent(), locale).toBe(phone);
      expect(await page.locator('#contact a[href^="tel:"]').getAttribute('href')).toBe(site.phoneHref);
      expect(site.phoneHref).toBe('tel:+15145550142');
      expect(await page.locator('footer').innerText(), locale).toContain(phone);
      expect(await page.locator('#contact dl').innerText(), locale).toContain(formatAddress(site.address, locale));
      if (locale === 'fr') {
        expect(text).not.toContain(site.phone);
        // Spaces as a reader sees them (the last words of a line are kept together by no-break spaces).
        const read = text.replace(/\u00a0/g, ' ');
        expect(read).toContain('1250, rue Example, bureau 400, Montréal (Québec)');
        expect(read).toContain(`Équipe établie à ${site.address.city}`);
      }
      await context.close();
      // The 404 page's body writes it as its footer does.
      const missing = await pageText(`${url('home', locale)}nothing-here`);
      expect(await missing.page.locator('main a[href^="tel:"]').textContent(), `404, ${locale}`).toBe(phone);
      if (locale === 'fr') expect(missing.text, '404, fr').not.toContain(site.phone);
      await missing.context.close();
    }
  });

  it('the brand is written one way everywhere: no registered mark beside it in one place only', async () => {
    for (const locale of LOCALES) {
      for (const which of ['home', 'privacy'] as const) {
        const { context, text } = await pageText(url(which, locale));
        expect(text, `${locale}, ${which}`).toContain(site.brand);
        expect(text, `${locale}, ${which}`).not.toMatch(/[®™]/);
        await context.close();
      }
    }
  });
});
