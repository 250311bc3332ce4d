import { describe, expect, it } from 'vitest';
import { getContent } from '../../content/all';
import { LOCALES } from '../../contracts/locales';
import { monogram } from './monogram';

describe('monogram', () => {
  it('takes the first letters of the first and last names', () => {
    expect(monogram('Marie-Ève Tremblay')).toBe('MT');
    expect(monogram('Jean\u2011François Gagnon')).toBe('JG');
    expect(monogram('  élodie   de la Fontaine ')).toBe('ÉF');
    expect(monogram('Cher')).toBe('C');
  });

  it('gives each testimonial of the page, in each language, the two letters of the person’s name', () => {
    for (const locale of LOCALES) {
      expect(getContent(locale).testimonials.items.map((item) => monogram(item.name))).toEqual(['MT', 'JG', 'SL', 'MB']);
    }
  });
});
