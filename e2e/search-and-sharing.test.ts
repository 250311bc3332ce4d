/**
 * What search engines and social networks read: each page's head, the home pages' JSON-LD (its FAQ
 * the visible one), the sharing image, the sitemap and robots.txt; and the home pages' notices at
 * collection. In a real Chromium against the production server and the default (fictional)
 * configuration.
 */
import { describe, expect, inject, it } from 'vitest';
import { loadSiteConfig } from '../src/config/site-schema';
import { fill } from '../src/content';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { privacyPolicies } from '../src/content/privacy';
import { pagePath, type PageId } from '../src/web/lib/pages';
import { openPage, pagesInOneBrowser, waitForHydration } from './helpers/browser';

const baseUrl = inject('baseUrl');
const site = loadSiteConfig({});
const url = (page: PageId, locale: Locale) => `${baseUrl}${pagePath(page, locale)}`;
/** The page's own copy of an absolute public URL (https://www.example.com/fr/ → the test server). */
const local = (publicUrl: string) => publicUrl.replace(site.url, baseUrl);
const { browser } = pagesInOneBrowser(baseUrl);

/** Text without any whitespace: the JSON-LD answer has line breaks where the page has paragraphs. */
const squash = (text: string | null) => (text ?? '').replace(/\s+/g, '');
/** Text as read: no-break spaces (a paragraph's last two words kept together) as spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

describe('each home page', () => {
  it.each(LOCALES)(
    'in %s: JSON-LD that parses, whose FAQ is the visible FAQ, notices at collection linking the policy in that language, no CSP violation',
    async (locale) => {
      const { page, context, errors } = await openPage(browser(), 'desktop');
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
    const { page, context } = await openPage(browser(), 'desktop');
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
