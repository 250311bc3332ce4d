import { describe, expect, inject, it } from 'vitest';
import { BELOW_THE_FOLD, NAV_ANCHORS } from '../src/web/app/sections';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { HTML_LANG, pagePath } from '../src/web/lib/pages';
import { axeViolations, openPage, pagesInOneBrowser, screenshot, waitForHydration, type DeviceName } from './helpers/browser';

/**
 * The home page on a desktop, a phone and a tablet: every section of its layout, in order, in both
 * languages, and no axe-core violation in either theme.
 */
const baseUrl = inject('baseUrl');
const homeUrl = (locale: Locale) => `${baseUrl}${pagePath('home', locale)}`;
const { browser } = pagesInOneBrowser(baseUrl);

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

/**
 * axe-core's findings on the home page in one theme, with an FAQ answer (and on mobile, for the
 * English page, the menu) open, and the console errors seen meanwhile. The French menu is the same
 * markup with other words: its links' names are checked by the section test.
 */
async function auditHome(device: DeviceName, colorScheme: 'light' | 'dark', locale: Locale) {
  const { page, context, errors } = await openPage(browser(), device, { url: homeUrl(locale), colorScheme, reducedMotion: 'reduce' });
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
    const { page, context, errors, externalRequests } = await openPage(browser(), device, { url: homeUrl(locale) });
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
