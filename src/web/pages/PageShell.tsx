import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { site } from '../../config/site';
import { ContentProvider, useContent } from '../lib/content-context';
import { LogoMark } from '../components/Logo';
import { SkipLink } from '../components/SkipLink';
import { ThemeSwitch, ThemeToggle } from '../components/ThemeToggle';
import { formatPhone, type FirstScreenContent } from '../../content';
import { LanguageOffer } from '../features/language/LanguageOffer';
import { LanguageSwitch } from '../features/language/LanguageSwitch';
import { Live } from '../hydration/Slot';
import { Static } from '../hydration/Static';
import { pagePath, type DocumentKind } from '../lib/pages';

/**
 * The frame of the pages other than home (the privacy policy, the 404 page): a plain bar (brand
 * link home, language switch, theme), the page, and a footer with the firm's phone and e-mail.
 * Same skip link, landmarks and column as the home page.
 *
 * Only the bar is interactive. The page and the footer are text and links: the prerender step
 * renders them (`children`, with the whole copy in `content`) and the browser never hydrates them
 * (<Static>), so it hydrates the bar with the first screen's copy and downloads no policy text.
 * The 404 page has no counterpart in the other language: its switch leads to the other home page.
 */
export function PageShell({ content, page, children }: { content: FirstScreenContent; page: DocumentKind; children?: ReactNode }) {
  const { a11y, locale } = content;
  const switchTo = page === 'not-found' ? 'home' : page;
  return (
    <ContentProvider content={content}>
      <Live name="root" selector="#root" />
      <SkipLink label={a11y.skipToContent} />
      {page === 'not-found' ? null : <LanguageOffer page={page} />}
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="page-column flex h-16 items-center justify-between gap-4">
          <a href={pagePath('home', locale)} className="flex min-h-11 items-center gap-2 rounded-lg font-bold whitespace-nowrap">
            <LogoMark className="size-9" />
            <span>{site.brand}</span>
          </a>
          <div className="flex items-center gap-1.5">
            <LanguageSwitch page={switchTo} compact="below-lg" />
            {/* One button on a phone, as in the home page's bar; the three from 768 px. */}
            <ThemeSwitch className="md:hidden" />
            <ThemeToggle className="max-md:hidden" />
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

function PageFooter({ page }: { page: DocumentKind }) {
  const { footer, locale } = useContent();
  const linkClass = 'inline-flex min-h-9 items-center gap-2 underline-offset-4 hover:text-brand-700 hover:underline dark:hover:text-white';
  return (
    <footer className="border-t border-slate-200 bg-slate-50 py-8 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="page-column flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p>{footer.copyright}</p>
        <ul className="flex flex-wrap items-center gap-x-6 gap-y-1">
          <li>
            <a href={site.phoneHref} className={`${linkClass} whitespace-nowrap`}>
              <Phone aria-hidden="true" focusable="false" className="size-4 shrink-0" />
              <span className="sr-only">{footer.contactUs.phoneLabel} </span>
              {formatPhone(site.phone, locale)}
            </a>
          </li>
          <li>
            <a href={`mailto:${site.email}`} className={linkClass}>
              <Mail aria-hidden="true" focusable="false" className="size-4 shrink-0" />
              <span className="sr-only">{footer.contactUs.emailLabel} </span>
              {site.email}
            </a>
          </li>
          <li>
            <a href={pagePath('privacy', locale)} aria-current={page === 'privacy' ? 'page' : undefined} className={linkClass}>
              {footer.privacyLink}
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
