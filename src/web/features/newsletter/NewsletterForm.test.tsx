import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as notices from '../../lib/notices';
import { loadSiteConfig } from '../../../config/site-schema';
import { ContentProvider } from '../../lib/content-context';
import { fillContent } from '../../../content';
import type { Locale } from '../../../contracts/locales';
import { formatAddress } from '../../../content';
import { getContent } from '../../../content/all';
import { privacyPolicies } from '../../../content/privacy';
import { keepTogether } from '../../../content/typography';
import { NewsletterForm } from './NewsletterForm';

const site = loadSiteConfig({});

function renderIn(locale: Locale) {
  render(
    <ContentProvider content={fillContent(getContent(locale), site)}>
      <NewsletterForm />
    </ContentProvider>,
  );
}

describe('newsletter consent (CASL)', () => {
  it.each([
    ['en', 'Email address', 'Subscribe', /^Privacy Policy$/, '/privacy/#who', /unsubscribe at any time/i],
    ['fr', 'Adresse courriel', 'S’abonner', /^Politique de confidentialité$/, '/fr/confidentialite/#who', /désabonnement en tout temps/i],
  ] as const)(
    'in %s: says who asks and how to withdraw, describes the field and button, links who asks, no box to tick',
    (locale, field, button, linkName, href, withdraw) => {
      renderIn(locale);
      const { link } = getContent(locale).footer.newsletter.consent;
      expect(link).toMatch(linkName);
      const consent = fillContent(getContent(locale).footer.newsletter.consent.text, site, locale);
      expect(consent).toContain(keepTogether(site.brand));
      expect(consent).toMatch(withdraw);
      // Who asks, in full (name, mailing address, e-mail): the policy's first section, which the notice links.
      const who = fillContent(
        privacyPolicies[locale].sections.find((section) => section.id === 'who')!,
        site,
        locale,
      ).paragraphs.join(' ');
      for (const fact of [keepTogether(site.brand), site.email, formatAddress(site.address, locale)]) expect(who).toContain(fact);
      for (const control of [screen.getByLabelText(field), screen.getByRole('button', { name: button })]) {
        expect(control).toHaveAccessibleDescription(`${consent} ${link}`);
      }
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
      expect(screen.queryByRole('checkbox')).toBeNull();
    },
  );
});

describe('an address no mail server can deliver to', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['en', 'Email address', 'Subscribe'],
    ['fr', 'Adresse courriel', 'S’abonner'],
  ] as const)('in %s: a final dot or a domain without one is checked before any request, and said once, in its notice', (locale, field, button) => {
    const message = getContent(locale).toasts.newsletter.invalidEmail;
    const fetch = vi.spyOn(globalThis, 'fetch');
    const noticeError = vi.spyOn(notices, 'noticeError').mockImplementation(() => {});
    renderIn(locale);
    const consent = screen.getByLabelText(field).getAttribute('aria-describedby');
    for (const address of ['victim@mail.example.', 'victim@localhost', 'victim@mail..example']) {
      fireEvent.change(screen.getByLabelText(field), { target: { value: address } });
      expect(screen.getByLabelText(field)).not.toHaveAttribute('aria-invalid');
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(noticeError).toHaveBeenLastCalledWith(message, expect.anything());
      // Marked and focused, and not said a second time beside it.
      expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(field)).toHaveFocus();
      expect(screen.getByLabelText(field)).toHaveAttribute('aria-describedby', consent);
      expect(screen.queryByText(message, { exact: false })).toBeNull();
    }
    expect(noticeError).toHaveBeenCalledTimes(3);
    expect(vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
