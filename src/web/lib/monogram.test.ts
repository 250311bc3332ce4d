import { describe, expect, it } from 'vitest';
import { getContent } from '../content/all';
import { monogram } from './monogram';

describe('monogram', () => {
  it('takes the first letters of the first and last names, leaving out honorifics', () => {
    expect(monogram('Marie-Ève Tremblay')).toBe('MT');
    expect(monogram('Dr. Jean-François Gagnon')).toBe('JG');
    expect(monogram('  élodie   de la Fontaine ')).toBe('ÉF');
    expect(monogram('Cher')).toBe('C');
  });

  it('gives each testimonial of the page two letters', () => {
    for (const item of getContent('en').testimonials.items) expect(monogram(item.name)).toMatch(/^\p{Lu}{2}$/u);
  });
});
