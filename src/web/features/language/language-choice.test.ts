import { describe, expect, it } from 'vitest';
import { placeAt } from './keep-place';
import { languageToOffer, LOCALE_STORAGE_KEY, preferredLocale, rememberedLocale, rememberLocale } from './language-choice';

describe("the browser's preferred language", () => {
  it('is the first of its list that the site speaks', () => {
    expect(preferredLocale(['fr-CA', 'en-US'])).toBe('fr');
    expect(preferredLocale(['en-CA', 'fr-CA'])).toBe('en');
    expect(preferredLocale(['de-DE', 'FR', 'en'])).toBe('fr');
    expect(preferredLocale(['es', 'de'])).toBeNull();
    expect(preferredLocale([])).toBeNull();
  });
});

describe('the French offer on the English page', () => {
  it('is made to a French browser that has not chosen yet', () => {
    expect(languageToOffer('en', null, ['fr-CA', 'en'])).toBe('fr');
  });

  it('is not made to an English browser, to a browser in another language, or once a choice is remembered', () => {
    expect(languageToOffer('en', null, ['en-CA', 'fr-CA'])).toBeNull();
    expect(languageToOffer('en', null, ['es-MX'])).toBeNull();
    expect(languageToOffer('en', 'en', ['fr-CA'])).toBeNull();
    expect(languageToOffer('en', 'fr', ['fr-CA'])).toBeNull();
  });
});

describe('the remembered choice', () => {
  it('is stored under the key the boot script reads, and only a known language counts', () => {
    expect(rememberedLocale()).toBeNull();
    rememberLocale('fr');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');
    expect(rememberedLocale()).toBe('fr');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    expect(rememberedLocale()).toBeNull();
  });
});

describe('the place kept across the language switch', () => {
  const markers = [
    { id: 'services', top: -900 },
    { id: 'services-title', top: -800 },
    { id: 'ai-caller', top: 60 },
    { id: 'about', top: 700 },
  ];

  it('is the last marker that has reached the reading line (110 px from the top)', () => {
    expect(placeAt(markers)).toBe('ai-caller');
    expect(placeAt(markers.map((marker) => ({ ...marker, top: marker.top + 100 })))).toBe('services-title');
  });

  it('is nothing at the top of the page, before the first marker', () => {
    expect(placeAt(markers.map((marker) => ({ ...marker, top: marker.top + 2000 })))).toBeNull();
  });
});
