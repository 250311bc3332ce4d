/**
 * Both languages, the privacy policy and what search engines and social networks read, in a
 * real Chromium against the production server and the default (fictional) configuration.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSiteConfig } from '../src/config/site-schema';
import { fill, formatPhone, languages } from '../src/content';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { keptTable, privacyPolicies } from '../src/content/privacy';
import { keptKinds } from '../src/contracts/kept-data';
import { HTML_LANG, otherLocale, pagePath, type PageId } from '../src/web/lib/pages';
import { axeViolations, launchBrowser, openPage, scrollSettled, waitForHydration, type DeviceName } from './helpers/browser';

const baseUrl = inject('baseUrl');
const site = loadSiteConfig({});
const url = (page: PageId, locale: Locale) => `${baseUrl}${pagePath(page, locale)}`;
/** The page's own copy of an absolute public URL (https://www.example.com/fr/ → the test server). */
const local = (publicUrl: string) => publicUrl.replace(site.url, baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Text without any whitespace: the JSON-LD answer has line breaks where the page has paragraphs. */
const squash = (text: string | null) => (text ?? '').replace(/\s+/g, '');
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
    const { page, context, errors } = await openPage(browser, 'desktop', { url: url('home', 'en') });
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
    const { page, context } = await openPage(browser, 'phone', { url: url('home', 'fr') });
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
    const { page, context, errors } = await openPage(browser, 'desktop', { url: url('home', 'en'), locale: 'fr-CA' });
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
      const { page, context, errors, externalRequests } = await openPage(browser, device as DeviceName, {
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
      const { page, context } = await openPage(browser, 'desktop', { url: address });
      expect(await page.getAttribute('html', 'lang')).toBe(HTML_LANG[locale]);
      expect(await page.locator('main a').first().getAttribute('href')).toBe(pagePath('home', locale));
      const other = locale === 'fr' ? 'en' : 'fr';
      expect(await page.getAttribute(`header [data-language-switch="${other}"]`, 'href')).toBe(pagePath('home', other));
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

describe('each home page', () => {
  it.each(LOCALES)(
    'in %s: JSON-LD that parses, whose FAQ is the visible FAQ, notices at collection linking the policy in that language, no CSP violation',
    async (locale) => {
      const { page, context, errors } = await openPage(browser, 'desktop');
      await page.addInitScript(() => {
        const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      await page.goto(url('home', locale));
      await waitForHydration(page);

      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(blocks).toHaveLength(1);
      const graph = (JSON.parse(blocks[0]!) as { '@graph': Record<string, unknown>[] })['@graph'];
      const business = graph.find((node) => node['@type'] === 'ProfessionalService')!;
      expect(business).toMatchObject({ name: site.brand, url: `${site.url}${pagePath('home', locale)}`, telephone: site.phone });
      const faq = graph.find((node) => node['@type'] === 'FAQPage') as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
      const visible = await page
        .locator('[data-faq-item]')
        .evaluateAll((items) =>
          items.map((item) => ({ question: item.querySelector('h4 button')!.textContent, answer: item.querySelector('.faq-panel')!.textContent })),
        );
      expect(visible).toHaveLength(9);
      // The same words (the page keeps a question's last two words together with a no-break space).
      expect(faq.mainEntity.map((entry) => spaced(entry.name))).toEqual(visible.map((item) => spaced(item.question)));
      expect(faq.mainEntity.map((entry) => squash(entry.acceptedAnswer.text))).toEqual(visible.map((item) => squash(item.answer)));

      const content = getContent(locale);
      const policy = pagePath('privacy', locale);
      for (const [where, notice] of [
        ['#contact-privacy-notice', content.contact.form.privacyNotice],
        ['#newsletter-consent', content.footer.newsletter.consent],
        ['#voice-privacy-notice', content.voiceDemo.privacyNotice],
      ] as const) {
        expect(spaced(await page.textContent(where))).toBe(spaced(`${fill(notice.text, site, locale)} ${notice.link}`));
        // The policy, or its section that answers the notice (the newsletter's: who sends it).
        expect(await page.getAttribute(`${where} a`, 'href')).toBe('section' in notice ? `${policy}#${notice.section}` : policy);
      }
      expect(await page.locator(`footer a[href^="${policy}"]`).count()).toBe(2); // the consent's link and the footer's
      // CASL: the act of subscribing is the consent; nothing is ticked, or even to tick.
      expect(await page.locator('footer input[type="checkbox"]').count()).toBe(0);

      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('search engines and sharing', () => {
  it('every page has its title, description, canonical and alternate addresses, a real 1200×630 sharing image and PNG icons', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    for (const pageId of ['home', 'privacy'] as const) {
      for (const locale of LOCALES) {
        await page.goto(url(pageId, locale));
        const head = {
          title: await page.title(),
          description: await page.getAttribute('meta[name="description"]', 'content'),
          canonical: await page.getAttribute('link[rel="canonical"]', 'href'),
          alternates: await page
            .locator('link[rel="alternate"][hreflang]')
            .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])),
          ogTitle: await page.getAttribute('meta[property="og:title"]', 'content'),
          ogImage: await page.getAttribute('meta[property="og:image"]', 'content'),
          twitterImage: await page.getAttribute('meta[name="twitter:image"]', 'content'),
          twitterCard: await page.getAttribute('meta[name="twitter:card"]', 'content'),
        };
        const meta = pageId === 'home' ? getContent(locale).meta : privacyPolicies[locale].meta;
        expect(head.title).toBe(fill(meta.title, site, locale));
        expect(head.description).toBe(fill(meta.description, site, locale));
        expect(head.ogTitle).toBe(head.title);
        expect(head.canonical).toBe(`${site.url}${pagePath(pageId, locale)}`);
        expect(head.alternates).toEqual([
          ['en', `${site.url}${pagePath(pageId, 'en')}`],
          ['fr', `${site.url}${pagePath(pageId, 'fr')}`],
          ['x-default', `${site.url}${pagePath(pageId, 'en')}`],
        ]);
        expect(head.twitterCard).toBe('summary_large_image');
        expect(head.twitterImage).toBe(head.ogImage);
        const image = await page.evaluate(async (src) => {
          const element = new Image();
          element.src = src;
          await element.decode();
          return [element.naturalWidth, element.naturalHeight];
        }, local(head.ogImage!));
        expect(image).toEqual([1200, 630]);
        // The tab's icon and the home-screen one, small PNGs (an SVG favicon costs the page's main thread a whole document).
        const icons = await page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').evaluateAll((links) =>
          Promise.all(
            links.map(async (link) => {
              const element = new Image();
              element.src = (link as HTMLLinkElement).href;
              await element.decode();
              const type = (await fetch(element.src)).headers.get('content-type');
              return [link.getAttribute('rel'), type, element.naturalWidth, element.naturalHeight];
            }),
          ),
        );
        expect(icons).toEqual([
          ['icon', 'image/png', 48, 48],
          ['apple-touch-icon', 'image/png', 180, 180],
        ]);
      }
    }
    await context.close();
  });

  it('sitemap.xml lists every page with its alternates, and robots.txt points to it', async () => {
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(['/', '/fr/', '/privacy/', '/fr/confidentialite/'].map((path) => `${site.url}${path}`));
    expect(xml.match(/<xhtml:link rel="alternate" hreflang="(en|fr|x-default)"/g)).toHaveLength(12);
    // Every address in it is served.
    for (const loc of locs) expect((await fetch(local(loc!))).status, loc).toBe(200);
  });
});

describe('forms in French', () => {
  it('a contact request sent from /fr/ gets French messages and is stored as French', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: url('home', 'fr') });
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

describe('the 404 page', () => {
  it('the 404 page speaks the language of its address, with the site’s header and footer, the firm’s phone and e-mail, and a way home', async () => {
    for (const [path, locale] of [
      ['/fr/nothing-here', 'fr'],
      ['/fr/confidentialite/old', 'fr'],
      ['/nothing-here', 'en'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      const { page, context, errors } = await openPage(browser, 'desktop');
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
