import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../config/site-schema';
import { fillContent } from '../lib/content-context';
import { getContent } from '../../content/all';
import { robotsTxt, sitemapXml } from './crawlers';
import { headTags } from './head';
import { faqAnswerText, homeStructuredData, jsonLdScript } from './structured-data';

const site = loadSiteConfig({ SITE_URL: 'https://atelier.example.ca/' });

describe('head of a page', () => {
  it('names its canonical address and the same page in each language, absolute from SITE_URL', () => {
    const head = headTags({ site, locale: 'fr', page: 'privacy', title: 'Politique', description: 'D', imageAlt: 'A' });
    const doc = new DOMParser().parseFromString(`<head>${head}</head>`, 'text/html');
    const href = (selector: string) => doc.querySelector(selector)?.getAttribute('href');
    expect(href('link[rel=canonical]')).toBe('https://atelier.example.ca/fr/confidentialite/');
    expect(href('link[hreflang=en]')).toBe('https://atelier.example.ca/privacy/');
    expect(href('link[hreflang=fr]')).toBe('https://atelier.example.ca/fr/confidentialite/');
    expect(href('link[hreflang=x-default]')).toBe('https://atelier.example.ca/privacy/');
    const meta = (key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
    expect(meta('og:image')).toBe('https://atelier.example.ca/og/fr.jpg');
    expect(meta('og:locale')).toBe('fr_CA');
    expect(meta('og:locale:alternate')).toBe('en_CA');
    expect(meta('twitter:card')).toBe('summary_large_image');
  });

  it('escapes copy in attributes', () => {
    expect(headTags({ site, locale: 'en', page: 'home', title: 'A "quoted" <title>', description: 'x & y', imageAlt: 'a' })).toContain(
      '<title>A &quot;quoted&quot; &lt;title&gt;</title>',
    );
  });
});

describe('JSON-LD', () => {
  it('describes the firm and an FAQPage with every question of that language', () => {
    const content = fillContent(getContent('fr'), site);
    const data = homeStructuredData(site, content, 'fr') as { '@graph': Record<string, unknown>[] };
    const [business, faq] = data['@graph'];
    expect(business).toMatchObject({
      '@type': 'ProfessionalService',
      name: 'Atelier IA',
      url: 'https://atelier.example.ca/fr/',
      areaServed: { '@type': 'State', name: 'Québec' },
      address: { '@type': 'PostalAddress', addressLocality: 'Montréal', addressRegion: 'QC', addressCountry: 'CA' },
      contactPoint: { '@type': 'ContactPoint', telephone: site.phone, email: site.email },
    });
    const questions = (faq as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }).mainEntity;
    expect(questions.map((question) => question.name)).toEqual(content.faq.groups.flatMap((group) => group.items.map((item) => item.question)));
    const process = content.faq.groups[2]!.items[0]!;
    expect(faqAnswerText(process, content.faq.stepJoin).split('\n')).toHaveLength(process.answer.length + process.steps!.length);
  });

  it('cannot be closed early by copy containing </script>', () => {
    const block = jsonLdScript({ text: '</script><script>alert(1)</script>' });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(block.replace(/^<script[^>]*>|<\/script>$/g, ''))).toEqual({ text: '</script><script>alert(1)</script>' });
  });
});

describe('files for search engines', () => {
  it('sitemap.xml lists each page in each language with its alternates', () => {
    const doc = new DOMParser().parseFromString(sitemapXml(site.url), 'application/xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const urls = [...doc.getElementsByTagName('url')];
    expect(urls.map((url) => url.getElementsByTagName('loc')[0]!.textContent)).toEqual([
      'https://atelier.example.ca/',
      'https://atelier.example.ca/fr/',
      'https://atelier.example.ca/privacy/',
      'https://atelier.example.ca/fr/confidentialite/',
    ]);
    const alternates = [...urls[3]!.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(alternates).toEqual([
      ['en', 'https://atelier.example.ca/privacy/'],
      ['fr', 'https://atelier.example.ca/fr/confidentialite/'],
      ['x-default', 'https://atelier.example.ca/privacy/'],
    ]);
  });

  it('robots.txt points to the sitemap and keeps crawlers out of the API', () => {
    expect(robotsTxt(site.url)).toContain('Sitemap: https://atelier.example.ca/sitemap.xml');
    expect(robotsTxt(site.url)).toContain('Disallow: /api/');
  });
});
