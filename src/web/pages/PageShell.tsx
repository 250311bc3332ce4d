import type { ReactNode } from 'react';
import { site } from '../../config/site';
import { ContentProvider, useContent } from '../content/context';
import { LogoMark } from '../components/Logo';
import { ThemeToggle } from '../components/ThemeToggle';
import type { FirstScreenContent } from '../content';
import { LanguageOffer } from '../features/language/LanguageOffer';
import { LanguageSwitch } from '../features/language/LanguageSwitch';
import { Live } from '../hydration/Slot';
import { Static } from '../hydration/Static';
import { pagePath, type PageId } from '../lib/pages';

/**
 * The frame of the pages other than home: a plain bar (brand link home, language switch, theme),
 * the page, and a short footer. Same skip link, landmarks and French offer as the home page.
 *
 * Only the bar is interactive. The page and the footer are text and links: the prerender step
 * renders them (`children`, with the whole copy in `content`) and the browser never hydrates them
 * (<Static>), so it hydrates the bar with the first screen's copy and downloads no policy text.
 */
export function PageShell({ content, page, children }: { content: FirstScreenContent; page: PageId; children?: ReactNode }) {
  const { a11y, locale } = content;
  return (
    <ContentProvider content={content}>
      <Live name="root" selector="#root" />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {a11y.skipToContent}
      </a>
      <LanguageOffer page={page} />
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-gutter">
          <a href={pagePath('home', locale)} className="flex min-h-11 items-center gap-2 rounded-lg font-bold whitespace-nowrap">
            <LogoMark className="size-9" />
            <span>{site.brand}</span>
          </a>
          <div className="flex items-center gap-1.5">
            <LanguageSwitch page={page} compact="below-lg" />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <Static>
        {children === undefined ? undefined : (
          <>
            <main id="main" tabIndex={-1} className="outline-none">
              {children}
            </main>
            <PageFooter page={page} />
          </>
        )}
      </Static>
    </ContentProvider>
  );
}

function PageFooter({ page }: { page: PageId }) {
  const { footer, locale } = useContent();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 px-gutter py-8 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p>{footer.copyright}</p>
        <a
          href={pagePath('privacy', locale)}
          aria-current={page === 'privacy' ? 'page' : undefined}
          className="inline-flex min-h-9 items-center underline-offset-4 hover:text-brand-700 hover:underline dark:hover:text-white"
        >
          {footer.privacyLink}
        </a>
      </div>
    </footer>
  );
}
