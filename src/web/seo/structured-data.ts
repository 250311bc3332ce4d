import type { SiteConfig } from '../../config/site-schema';
import { withoutLinks } from '../../content/text';
import type { Content } from '../../content';
import type { Locale } from '../../contracts/locales';
import type { FaqItem } from '../../content/types';
import { absoluteUrl, HTML_LANG, pagePath } from '../lib/pages';
import { socialImagePath } from './social-image';

/**
 * The FAQ answer as one text, in the order the page shows it (sections/faq/Faq.tsx): the first
 * paragraph, the steps ("title: text", joined as the copy says), then the other paragraphs.
 */
export function faqAnswerText(item: FaqItem, stepJoin: string): string {
  const steps = (item.steps ?? []).map((step) => `${step.title}${stepJoin}${step.text}`);
  return withoutLinks([item.answer[0] ?? '', ...steps, ...item.answer.slice(1)].join('\n'));
}

/**
 * schema.org data of the home page in one language: the firm (ProfessionalService: address,
 * area served, contact point) and an FAQPage built from that language's FAQ, so search engines
 * get exactly what the page shows. The firm has the same @id in both languages: one business.
 */
export function homeStructuredData(site: SiteConfig, content: Content, locale: Locale): Record<string, unknown> {
  const home = absoluteUrl(site.url, pagePath('home', locale));
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'ProfessionalService',
        '@id': `${site.url}/#business`,
        name: site.brand,
        description: content.meta.description,
        url: home,
        image: absoluteUrl(site.url, socialImagePath(locale)),
        telephone: site.phone,
        email: site.email,
        address: {
          '@type': 'PostalAddress',
          streetAddress: site.address.street,
          addressLocality: site.address.city,
          addressRegion: site.address.region,
          postalCode: site.address.postalCode,
          addressCountry: site.address.country,
        },
        areaServed: { '@type': 'State', name: content.meta.areaServed },
        knowsLanguage: [HTML_LANG.fr, HTML_LANG.en],
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'sales',
          telephone: site.phone,
          email: site.email,
          availableLanguage: [HTML_LANG.fr, HTML_LANG.en],
        },
      },
      {
        '@type': 'FAQPage',
        '@id': `${home}#faq`,
        url: `${home}#faq`,
        inLanguage: HTML_LANG[locale],
        mainEntity: content.faq.groups.flatMap((group) =>
          group.items.map((item) => ({
            '@type': 'Question',
            name: item.question,
            acceptedAnswer: { '@type': 'Answer', text: faqAnswerText(item, content.faq.stepJoin) },
          })),
        ),
      },
    ],
  };
}

/**
 * A JSON-LD block. It is data, never executed, so the Content-Security-Policy needs no hash for
 * it; `<` is escaped so no text can close the element early.
 */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
