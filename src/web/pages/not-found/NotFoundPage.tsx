import { site } from '../../../config/site';
import { LogoMark } from '../../components/Logo';
import type { Locale } from '../../content';
import { getContent } from '../../content/all';
import { HTML_LANG, pagePath } from '../../lib/pages';

/** French first: the Charter of the French Language wants French at least as prominent. */
const ORDER: Locale[] = ['fr', 'en'];

/**
 * The 404 page, one for the whole site and both languages (the server sends the same 404.html for
 * any unknown address, so it cannot know the visitor's language). Prerendered only: its links work
 * without JavaScript and the boot script sets its theme, so it loads no script (scripts/prerender.ts).
 */
export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center px-gutter py-section">
      <LogoMark className="size-14" />
      <h1 className="mt-8 text-title font-extrabold tracking-tight">
        {ORDER.map((locale, index) => (
          <span key={locale} lang={HTML_LANG[locale]} className="block">
            {index > 0 ? <span className="sr-only"> / </span> : null}
            {getContent(locale).notFound.title}
          </span>
        ))}
      </h1>
      {ORDER.map((locale) => {
        const { notFound } = getContent(locale);
        return (
          <div key={locale} lang={HTML_LANG[locale]} className="mt-8">
            <p className="text-lead text-slate-700 dark:text-slate-200">{notFound.text}</p>
            <a
              href={pagePath('home', locale)}
              className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 dark:text-accent-400 dark:hover:text-white"
            >
              {notFound.home} – {site.brand}
            </a>
          </div>
        );
      })}
    </main>
  );
}
