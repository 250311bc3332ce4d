import type { Locale } from '../../../contracts/locales';
import { pagePath, type PageId } from '../../lib/pages';
import { rememberLocale } from './language-choice';
import { currentPlace } from './keep-place';

/** The same page in `target`, at the place the visitor is reading, e.g. "/fr/#faq". */
export function samePlaceIn(page: PageId, target: Locale): string {
  const place = currentPlace();
  return `${pagePath(page, target)}${place ? `#${place}` : ''}`;
}

/** Remembers the choice and opens the same page in the other language, at the same place. */
export function switchLanguage(page: PageId, target: Locale): void {
  rememberLocale(target);
  location.assign(samePlaceIn(page, target));
}
