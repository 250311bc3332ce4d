import { describe, expect, it } from 'vitest';
import { getContent } from './all';
import { languages } from './languages';
import { privacyPolicies } from './privacy';
import { frenchMarks, frenchPunctuation, frenchTypography, typesetFrench } from './typography';

const NBSP = '\u00A0';
const NARROW = '\u202F';
const NBHY = '\u2011';

/** Every string of a copy object, identifiers aside. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) => (['id', 'anchor', 'locale'].includes(key) ? [] : strings(item)))
      : [];

describe('French typography', () => {
  it('sets apostrophes, ellipses, guillemets and the spaces before marks as Quebec usage wants', () => {
    expect(frenchTypography("L'IA parle...")).toBe('L’IA parle…');
    expect(frenchTypography('Appuyez sur "Appelez-moi"')).toBe(`Appuyez sur «${NBSP}Appelez${NBHY}moi${NBSP}»`);
    expect(frenchTypography('sur « Appelez-moi » maintenant')).toBe(`sur «${NBSP}Appelez${NBHY}moi${NBSP}» maintenant`);
    expect(frenchTypography('Courriel : a; b! c? d:')).toBe(`Courriel${NBSP}: a${NARROW}; b${NARROW}! c${NARROW}? d${NBSP}:`);
    expect(frenchTypography('Merci ! Vraiment ?!')).toBe(`Merci${NARROW}! Vraiment${NARROW}?!`);
    expect(frenchTypography('70% puis 70 %')).toBe(`70${NBSP}% puis 70${NBSP}%`);
    expect(frenchTypography('un appel de 30 minutes, 5 fois plus vite')).toBe(`un appel de 30${NBSP}minutes, 5${NBSP}fois plus vite`);
    expect(frenchTypography('5 × plus rapide')).toBe(`5${NBSP}× plus rapide`);
    expect(frenchTypography('24 heures sur 24, 7 jours sur 7, sur 2 étages')).toBe(
      `24${NBSP}heures${NBSP}sur${NBSP}24, 7${NBSP}jours${NBSP}sur${NBSP}7, sur 2${NBSP}étages`,
    );
  });

  it('keeps words whole at their hyphen and a short last word with the one before', () => {
    expect(frenchTypography('Groupe Rive-Nord, Trois-Rivières')).toBe(`Groupe Rive${NBHY}Nord, Trois${NBHY}Rivières`);
    expect(frenchTypography('Marketing automatisé par IA')).toBe(`Marketing automatisé par${NBSP}IA`);
    expect(frenchTypography('Que fait l’IA ?')).toBe(`Que fait l’IA${NARROW}?`);
    expect(frenchTypography('Questions générales')).toBe('Questions générales');
  });

  it('leaves placeholders, link targets, times and URLs alone, and is idempotent', () => {
    const text = "Écrivez à [{email}](mailto:{email}) ou à la [Commission d'accès](https://www.cai.gouv.qc.ca/?a=b). Ouvert 9:30";
    const typeset = frenchTypography(text);
    expect(typeset).toBe('Écrivez à [{email}](mailto:{email}) ou à la [Commission d’accès](https://www.cai.gouv.qc.ca/?a=b). Ouvert 9:30');
    expect(frenchTypography(typeset)).toBe(typeset);
  });

  it('typesets every string of a copy object but its identifiers', () => {
    const copy = typesetFrench({ id: 'what-ai-does', anchor: 'contact-form', locale: 'fr', items: [{ title: "L'IA" }] });
    expect(copy).toEqual({ id: 'what-ai-does', anchor: 'contact-form', locale: 'fr', items: [{ title: 'L’IA' }] });
  });

  it('for the server: the punctuation alone, and in a template only its own words, never what is put in', () => {
    expect(frenchPunctuation("Lancez atelier-ia export : 7 jours d'ici là ; « Confirmer » ?")).toBe(
      `Lancez atelier-ia export${NBSP}: 7 jours d’ici là${NARROW}; «${NBSP}Confirmer${NBSP}»${NARROW}?`,
    );
    const name = 'Jeanne d\'Arc : "la" ; Trois-Rivières';
    expect(frenchMarks`Demande de l'agent : ${name}`).toBe(`Demande de l’agent${NBSP}: ${name}`);
    expect(frenchMarks`${'Atelier IA'} : du ${'2026-11-16'} au ${'2026-11-22'} ; {brand} ?`).toBe(
      `Atelier IA${NBSP}: du 2026-11-16 au 2026-11-22${NARROW}; {brand}${NARROW}?`,
    );
  });

  it('is applied to all the French copy, the privacy policy included; the English is left as written', () => {
    const french = [...strings(getContent('fr')), ...strings(privacyPolicies.fr), ...strings(languages.fr)];
    const faults = french.filter((text) => text.replace(/\]\([^)]*\)/g, '') !== frenchTypography(text).replace(/\]\([^)]*\)/g, ''));
    expect(faults).toEqual([]);
    expect(french.filter((text) => /'|\.\.\./.test(text.replace(/\]\([^)]*\)/g, '')))).toEqual([]);
    expect(strings(getContent('en')).some((text) => text.includes("'"))).toBe(true);
  });
});
