import type { MouseEvent } from 'react';
import { useFirstScreenContent } from '../../lib/content-context';
import { languages } from '../../../content/languages';
import { HTML_LANG, otherLocale, pagePath, type PageId } from '../../lib/pages';
import { switchLanguage } from './switch-language';

/**
 * The link to the same page in the other language, named in that language ("Français" on the
 * English page), as Canadian bilingual sites do. Without JavaScript it is a plain link to the
 * other page; with it, the choice is remembered and the visitor lands at the same place.
 * `compact` shows only the code ("FR") on screen; the full name stays the accessible name.
 */
export function LanguageSwitch({ page, compact = 'always' }: { page: PageId; compact?: 'always' | 'below-lg' }) {
  const { locale } = useFirstScreenContent();
  const target = otherLocale(locale);
  const language = languages[target];

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Let the browser handle new-tab and new-window clicks as for any link.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    switchLanguage(page, target);
  }

  const codeClass = compact === 'always' ? '' : 'lg:hidden';
  const nameClass = compact === 'always' ? 'sr-only' : 'sr-only lg:not-sr-only';
  return (
    <a
      href={pagePath(page, target)}
      hrefLang={target}
      lang={HTML_LANG[target]}
      data-language-switch={target}
      onClick={onClick}
      className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-full border border-slate-300 bg-white/80 px-2.5 text-sm font-semibold text-slate-700 transition-colors hover:border-brand-500 hover:text-slate-950 dark:border-slate-600 dark:bg-slate-900/80 dark:text-slate-200 dark:hover:border-accent-400 dark:hover:text-white"
    >
      <span aria-hidden="true" className={codeClass}>
        {language.code}
      </span>
      <span className={nameClass}>{language.name}</span>
    </a>
  );
}
