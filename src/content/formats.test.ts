import { describe, expect, it } from 'vitest';
import { dateInWords, durationInWords } from './dates';
import { keepLastWordsTogether, sentence } from './formats';

describe('durations, dates and messages as the copy writes them', () => {
  it('says whole years in words and other lengths in days, a number never apart from its unit', () => {
    expect([730, 365, 3650].map((days) => durationInWords(days, 'en'))).toEqual(['two\u00a0years', 'one\u00a0year', 'ten\u00a0years']);
    expect([730, 365, 1095].map((days) => durationInWords(days, 'fr'))).toEqual(['deux\u00a0ans', 'un\u00a0an', 'trois\u00a0ans']);
    expect([90, 1, 1000].map((days) => durationInWords(days, 'en'))).toEqual(['90\u00a0days', '1\u00a0day', '1,000\u00a0days']);
    // French groups digits with a no-break space (narrow or not, as the browser's ICU has it).
    expect([90, 1, 1000].map((days) => durationInWords(days, 'fr'))).toEqual([
      '90\u00a0jours',
      '1\u00a0jour',
      expect.stringMatching(/^1[\u00a0\u202f]000\u00a0jours$/),
    ]);
  });

  it('writes a date out in each language, the first of the month as French writes it', () => {
    expect(dateInWords('2026-11-26', 'en')).toBe('November 26, 2026');
    expect(dateInWords('2026-11-26', 'fr')).toBe('26 novembre 2026');
    expect(dateInWords('2027-03-01', 'fr')).toBe('1er mars 2027');
  });

  it('ends every in-place message with a period, and leaves one that has its mark', () => {
    expect(sentence('Please enter your email address')).toBe('Please enter your email address.');
    expect(sentence('Entrez votre adresse courriel.')).toBe('Entrez votre adresse courriel.');
    expect(sentence('Trop de tentatives!')).toBe('Trop de tentatives!');
  });
});

describe('a long paragraph’s last line', () => {
  it('keeps its last two words together, whatever joins the words before', () => {
    expect(keepLastWordsTogether('No fluff. No spam.')).toBe('No fluff. No\u00a0spam.');
    expect(keepLastWordsTogether('à notre PGI (ERP) actuel\u202f?')).toBe('à notre PGI (ERP)\u00a0actuel\u202f?');
    expect(keepLastWordsTogether('Seul')).toBe('Seul');
  });
});
