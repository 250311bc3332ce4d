import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../config/site-schema';
import { getContent } from './all';
import { fillContent, languages, PLACEHOLDERS } from './index';
import { LOCALES } from '../contracts/locales';
import { privacyPolicies, privacyPolicy } from './privacy';

const en = getContent('en');
const fr = getContent('fr');

/**
 * Every difference of shape between two locale objects, one line each: a key present in one only,
 * a different type, arrays of different lengths, list items with different ids, a string that
 * is empty, or a string whose placeholders or link targets differ (a French sentence that lost
 * its {phone}, a policy link pointing elsewhere).
 */
function shapeDifferences(a: unknown, b: unknown, path = '', names: [string, string] = ['en', 'fr']): string[] {
  const where = path || '(root)';
  if (kind(a) !== kind(b)) return [`${where}: ${kind(a)} in ${names[0]}, ${kind(b)} in ${names[1]}`];

  if (typeof a === 'string' && typeof b === 'string') {
    const problems: string[] = [];
    if (!a.trim() || !b.trim()) problems.push(`${where}: empty in ${!a.trim() ? names[0] : names[1]}`);
    if (JSON.stringify(tokens(a)) !== JSON.stringify(tokens(b))) {
      problems.push(`${where}: placeholders or links ${tokens(a).join(' ') || 'none'} in ${names[0]}, ${tokens(b).join(' ') || 'none'} in ${names[1]}`);
    }
    return problems;
  }

  if (Array.isArray(a) && Array.isArray(b)) {
    const problems: string[] = [];
    if (a.length !== b.length) problems.push(`${where}: ${a.length} items in ${names[0]}, ${b.length} in ${names[1]}`);
    for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
      const idA = (a[index] as { id?: unknown } | null)?.id;
      const idB = (b[index] as { id?: unknown } | null)?.id;
      if (idA !== idB) problems.push(`${where}[${index}]: id ${String(idA)} in ${names[0]}, ${String(idB)} in ${names[1]}`);
      problems.push(...shapeDifferences(a[index], b[index], `${path}[${index}]`, names));
    }
    return problems;
  }

  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((key) => {
      const child = path ? `${path}.${key}` : key;
      if (!(key in a)) return [`${child}: missing in ${names[0]}`];
      if (!(key in b)) return [`${child}: missing in ${names[1]}`];
      return shapeDifferences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], child, names);
    });
  }
  return [];
}

const kind = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
/** The placeholders and link targets of a string, in a comparable form. */
const tokens = (text: string) => [...text.matchAll(/\{\w+\}|\]\([^)]*\)/g)].map((match) => match[0]).sort();

describe('English and French say the same things', () => {
  it('the page copy has the same keys, list lengths, ids and placeholders in both languages', () => {
    // `locale` is the one key whose value must differ.
    expect(shapeDifferences({ ...en, locale: 'x' }, { ...fr, locale: 'x' })).toEqual([]);
    expect([en.locale, fr.locale]).toEqual(['en', 'fr']);
    // How each language names and offers itself (shown on the other language's pages).
    expect(shapeDifferences(languages.en, languages.fr)).toEqual([]);
  });

  it('the privacy policy has the same sections, lists, placeholders and links in both languages', () => {
    expect(shapeDifferences(privacyPolicies.en, privacyPolicies.fr)).toEqual([]);
  });

  it('the comparison catches a missing key, a missing FAQ answer, a lost placeholder and an empty string', () => {
    const broken = structuredClone(fr);
    delete (broken.footer.newsletter as Partial<typeof broken.footer.newsletter>).consent;
    broken.faq.groups[1]!.items[2]!.answer.pop();
    broken.toasts.contact.rateLimited.description = 'Veuillez nous appeler.';
    broken.hero.cta = ' ';
    broken.faq.groups[0]!.items.reverse();
    expect(shapeDifferences(en, broken)).toEqual(
      expect.arrayContaining([
        'footer.newsletter.consent: missing in fr',
        'faq.groups[1].items[2].answer: 2 items in en, 1 in fr',
        'toasts.contact.rateLimited.description: placeholders or links {phone} in en, none in fr',
        'hero.cta: empty in fr',
        'faq.groups[0].items[0]: id what-ai-integration-does in en, which-businesses in fr',
      ]),
    );
    expect(shapeDifferences({ a: { b: 1 } }, { a: { b: 1, c: 2 } })).toEqual(['a.c: missing in en']);
  });

  it('every placeholder is one the configuration fills, in every language', () => {
    const site = loadSiteConfig({});
    for (const locale of LOCALES) {
      const filled = JSON.stringify([fillContent(getContent(locale), site), privacyPolicy(locale, site)]);
      expect(filled.match(/\{\w+\}/g), locale).toBeNull();
    }
    expect(Object.keys(PLACEHOLDERS)).toEqual(expect.arrayContaining(['privacyOfficerName', 'privacyOfficerEmail', 'retention', 'database', 'address']));
  });

  it('French follows Québec typography: non-breaking spaces before colons and inside guillemets', () => {
    const strings = JSON.stringify([fr, privacyPolicies.fr]);
    // A colon after a regular space, or a guillemet with a regular space, would break badly at line ends.
    expect(strings.match(/ [:»]|« /g)).toBeNull();
  });
});
