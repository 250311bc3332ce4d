// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskEmails } from '../core/logger';
import { CONFIRM_COPY, UNSUBSCRIBE_COPY } from './link-copy';
import { LINK_PAGE_CSP, renderLinkPage } from './link-page';
import type { LinkPageState } from './link-page-html';

/**
 * The pages the newsletter's links open, read back as a browser reads them (jsdom's parser, this
 * file's environment): React writes them (link-page-html.tsx), so markup in the address they show
 * or in the brand stays text, and their one stylesheet is still the one their policy allows.
 */

const SCRIPT = '<script>alert(1)</script>';
const ATTRIBUTE = '"><img src=x onerror=alert(1)>';
const STATES: LinkPageState[] = ['confirm', 'done', 'already', 'gone', 'invalid', 'unavailable', 'rateLimited'];
const FLOWS = { unsubscribe: UNSUBSCRIBE_COPY, confirm: CONFIRM_COPY };

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const active = (document: Document) =>
  [...document.querySelectorAll('*')]
    .filter((element) => ['SCRIPT', 'IMG'].includes(element.tagName) || [...element.attributes].some((attribute) => /^on/i.test(attribute.name)))
    .map((element) => element.outerHTML);

describe('the newsletter’s link pages', () => {
  it.each(Object.entries(FLOWS))('%s: markup in the address or the brand is shown as text, in every state and language', async (_flow, copy) => {
    const brand = `Atelier ${SCRIPT}`;
    const email = `${ATTRIBUTE}@evil.example`;
    for (const state of STATES) {
      for (const locale of ['fr', 'en', undefined] as const) {
        const document = parse(await renderLinkPage({ copy, state, locale, brand, email, firmEmail: 'bonjour@example.com' }));
        const first = copy[locale ?? 'fr'];
        expect(active(document), `${state} ${locale}`).toEqual([]);
        expect(document.title).toBe(`${first[state].title.replaceAll('{brand}', brand)} — ${first.pageTitle.replace('{brand}', brand)}`);
        expect(document.querySelector('h1')?.textContent).toBe(first[state].title.replaceAll('{brand}', brand));
        // The address (masked) where the words name the subscriber's; the firm's where the link could not be used.
        const shown = ['invalid', 'unavailable', 'rateLimited'].includes(state) ? 'bonjour@example.com' : maskEmails(email);
        for (const strong of document.querySelectorAll('strong')) expect(strong.textContent).toBe(shown);
        expect(document.querySelectorAll('section')).toHaveLength(locale ? 1 : 2);
      }
    }
  });

  it('its stylesheet is the one its Content-Security-Policy allows, by hash', async () => {
    const document = parse(
      await renderLinkPage({ copy: UNSUBSCRIBE_COPY, state: 'confirm', locale: 'en', brand: 'Atelier IA', firmEmail: 'bonjour@example.com' }),
    );
    const style = document.querySelector('style')?.textContent ?? '';
    expect(style).toContain('@media (prefers-color-scheme:dark)');
    expect(LINK_PAGE_CSP).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });
});
