import { useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useFirstScreenContent } from '../../lib/content-context';
import { languages } from '../../../content/languages';
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/locales';
import { HTML_LANG, pagePath, type PageId } from '../../lib/pages';
import { languageToOffer, rememberedLocale, rememberLocale } from './language-choice';
import { switchLanguage } from './switch-language';

/**
 * On a default-language (English) page, a first-time visitor whose browser prefers French is
 * offered the French page, in French, with a small card: never an automatic redirect, so search
 * engines and English speakers with a French browser are never bounced. Either answer is
 * remembered and the card does not come back. It is a named region early in the reading order and
 * takes no focus, so it interrupts nobody; it appears after hydration (the browser's languages
 * are not known to the prerendered page), fixed at the bottom so nothing moves.
 */
export function LanguageOffer({ page }: { page: PageId }) {
  const { locale } = useFirstScreenContent();
  // Null while prerendering and hydrating (the server cannot know the browser's languages).
  const offered = useSyncExternalStore(
    subscribeToChoices,
    () => (locale === DEFAULT_LOCALE ? languageToOffer(locale, rememberedLocale(), navigator.languages ?? [navigator.language]) : null),
    () => null,
  );
  // Also hides the card when storage is blocked and the answer cannot be remembered.
  const [dismissed, setDismissed] = useState(false);
  const region = useRef<HTMLElement>(null);

  const offer: Locale | null = dismissed ? null : offered;
  if (!offer) return null;
  const text = languages[offer].offer;

  function accept(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    switchLanguage(page, offer!);
  }

  function decline() {
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    rememberLocale(locale);
    setDismissed(true);
    // The button disappears: keyboard users continue from the start of the content, not from <body>.
    if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <section
      ref={region}
      aria-labelledby="language-offer-message"
      lang={HTML_LANG[offer]}
      data-language-offer={offer}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-sm rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-2xl sm:right-auto sm:left-5 sm:mx-0 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <p id="language-offer-message" className="font-semibold">
        {text.message}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={pagePath(page, offer)}
          hrefLang={offer}
          onClick={accept}
          className="inline-flex min-h-10 items-center rounded-full bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          {text.accept}
        </a>
        <button
          type="button"
          onClick={decline}
          className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {text.decline}
        </button>
      </div>
    </section>
  );
}

/** A choice made in another tab of the site hides the card here too. */
function subscribeToChoices(onChange: () => void) {
  addEventListener('storage', onChange);
  return () => removeEventListener('storage', onChange);
}
