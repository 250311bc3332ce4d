import type { LanguageText } from './types';
import type { Locale } from '../contracts/locales';

/**
 * How each language of the site names and offers itself, written in that language. Both are
 * needed on every page (the switch names the other language, the offer speaks it), so they live
 * here, small, rather than in ./en.ts and ./fr.ts, which each page loads only for its own language.
 */
export const languages: Record<Locale, LanguageText> = {
  en: {
    name: 'English',
    code: 'EN',
    offer: { message: 'This site is also available in English.', accept: 'View in English', decline: 'No thanks' },
  },
  // Every page carries these: typed as ./typography.ts would set them (typography.test.ts checks),
  // so that English pages need not load it.
  fr: {
    name: 'Français',
    code: 'FR',
    offer: { message: 'Ce site est aussi offert en français.', accept: 'Voir en français', decline: 'Non merci' },
  },
};
