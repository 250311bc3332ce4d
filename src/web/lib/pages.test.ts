import { describe, expect, it } from 'vitest';
import { currentDocument, localeOfLang, otherLocale, PAGE_PATHS } from './pages';

describe('pages and languages', () => {
  it('reads the language of a tag such as fr-CA, defaulting to English', () => {
    expect(localeOfLang('fr-CA')).toBe('fr');
    expect(localeOfLang('FR')).toBe('fr');
    expect(localeOfLang('en-CA')).toBe('en');
    expect(localeOfLang('')).toBe('en');
    expect(otherLocale('en')).toBe('fr');
    expect(otherLocale('fr')).toBe('en');
  });

  it('gives every page a distinct address in every language, French under /fr/ (the server reads the language from it)', () => {
    const paths = Object.values(PAGE_PATHS).flatMap((byLocale) => Object.values(byLocale));
    expect(new Set(paths).size).toBe(paths.length);
    for (const byLocale of Object.values(PAGE_PATHS)) {
      expect(byLocale.fr).toMatch(/^\/fr\/(.+\/)?$/);
      expect(byLocale.en).not.toMatch(/^\/[a-z]{2}(\/|$)/);
    }
  });

  it('knows which document it is from <html lang data-page>, or from the path when it has neither', () => {
    const root = document.createElement('html');
    root.lang = 'fr-CA';
    root.dataset.page = 'privacy';
    expect(currentDocument(root, '/anything')).toEqual({ page: 'privacy', locale: 'fr' });
    root.dataset.page = 'not-found';
    expect(currentDocument(root, '/')).toEqual({ page: 'not-found', locale: 'fr' });

    const bare = document.createElement('html');
    bare.lang = 'en';
    expect(currentDocument(bare, '/fr/confidentialite/')).toEqual({ page: 'privacy', locale: 'fr' });
    expect(currentDocument(bare, '/fr/')).toEqual({ page: 'home', locale: 'fr' });
    expect(currentDocument(bare, '/')).toEqual({ page: 'home', locale: 'en' });
  });
});
