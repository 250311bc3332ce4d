import { describe, expect, it } from 'vitest';
import { campaignOf, referrerClass } from './beacon';

describe('where a visitor came from, by the referrer’s host only', () => {
  const own = 'www.atelier.example';
  it.each([
    ['https://www.google.ca/search?q=agent+vocal', 'search'],
    ['https://www.bing.com/', 'search'],
    ['https://duckduckgo.com/', 'search'],
    ['android-app://com.google.android.googlequicksearchbox/', 'search'],
    ['https://www.linkedin.com/feed/', 'social'],
    ['https://lnkd.in/abc', 'social'],
    ['https://t.co/xyz', 'social'],
    ['https://m.facebook.com/', 'social'],
    ['https://www.lapresse.ca/affaires/article.php', 'site'],
    // A host that only looks like one.
    ['https://google.fake-search.example/', 'site'],
    ['https://notfacebook.com/', 'site'],
    ['', 'none'],
    ['not a url', 'none'],
    ['https://www.atelier.example/fr/confidentialite/', 'self'],
  ] as const)('%s → %s', (referrer, expected) => {
    expect(referrerClass(referrer, own, 'navigate')).toBe(expected);
  });

  it('a reload or a move back and forth is not a new entry, whatever the referrer', () => {
    expect(referrerClass('https://www.google.ca/', own, 'reload')).toBe('self');
    expect(referrerClass('', own, 'back_forward')).toBe('self');
  });
});

describe('the landing address’s campaign', () => {
  it.each([
    ['?utm_campaign=Automne%202026', 'automne-2026'],
    ['?utm_source=x&utm_campaign=Rentrée_Été', 'rentree_ete'],
    ['?utm_campaign=--Hello--', 'hello'],
    [`?utm_campaign=${'a'.repeat(60)}`, 'a'.repeat(32)],
    ['?utm_campaign=', undefined],
    ['?utm_campaign=%F0%9F%98%80', undefined],
    ['?utm_source=newsletter', undefined],
    ['', undefined],
  ])('%s → %s', (search, expected) => {
    expect(campaignOf(search)).toBe(expected);
  });
});
