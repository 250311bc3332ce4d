import { enBelowTheFold } from './en/below-the-fold';
import { enFirstScreen } from './en/first-screen';
import { frBelowTheFold } from './fr/below-the-fold';
import { frFirstScreen } from './fr/first-screen';
import type { Content } from './types';
import type { Locale } from '../contracts/locales';

/**
 * Every language's copy, whole and at once: for the prerender step, the server's e-mails and tests.
 * The browser loads only its page's language, in two parts (./load.ts).
 */
const contents: Record<Locale, Content> = {
  en: { ...enFirstScreen, ...enBelowTheFold },
  fr: { ...frFirstScreen, ...frBelowTheFold },
};

export function getContent(locale: Locale): Content {
  return contents[locale];
}
