import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../config/site-schema';
import { ContentProvider, fillContent } from '../../content/context';
import type { Locale } from '../../content';
import { getContent } from '../../content/all';
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
    ['en', 'Email address', 'Subscribe', 'Privacy policy', '/privacy/'],
    ['fr', 'Adresse courriel', "S'abonner", 'Politique de confidentialité', '/fr/confidentialite/'],
  ] as const)('in %s: says who asks and how to withdraw, describes the field and button, links the policy, no box to tick', (locale, field, button, link, href) => {
    renderIn(locale);
    const consent = fillContent(getContent(locale).footer.newsletter.consent.text, site);
    expect(consent).toContain(site.brand);
    expect(consent).toContain(site.email);
    expect(consent).toContain(site.address.city);
    for (const control of [screen.getByLabelText(field), screen.getByRole('button', { name: button })]) {
      expect(control).toHaveAccessibleDescription(`${consent} ${link}`);
    }
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
