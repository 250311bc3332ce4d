import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../config/site-schema';
import { ContentProvider, fillContent } from '../../lib/content-context';
import type { Locale } from '../../../contracts/locales';
import { getContent } from '../../../content/all';
import { privacyPolicies } from '../../../content/privacy';
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
    ['en', 'Email address', 'Subscribe', /^Who we are$/, '/privacy/#who', /unsubscribe at any time/i],
    ['fr', 'Adresse courriel', 'S’abonner', /^Qui sommes.nous$/, '/fr/confidentialite/#who', /désabonnement en tout temps/],
  ] as const)(
    'in %s: says who asks and how to withdraw, describes the field and button, links who asks, no box to tick',
    (locale, field, button, linkName, href, withdraw) => {
      renderIn(locale);
      const { link } = getContent(locale).footer.newsletter.consent;
      expect(link).toMatch(linkName);
      const consent = fillContent(getContent(locale).footer.newsletter.consent.text, site);
      expect(consent).toContain(site.brand);
      expect(consent).toMatch(withdraw);
      // Who asks, in full (name, mailing address, e-mail): the policy's first section, which the notice links.
      const who = fillContent(
        privacyPolicies[locale].sections.find((section) => section.id === 'who')!,
        site,
      ).paragraphs.join(' ');
      for (const fact of [site.brand, site.email, site.address.street, site.address.city]) expect(who).toContain(fact);
      for (const control of [screen.getByLabelText(field), screen.getByRole('button', { name: button })]) {
        expect(control).toHaveAccessibleDescription(`${consent} ${link}`);
      }
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
      expect(screen.queryByRole('checkbox')).toBeNull();
    },
  );
});
