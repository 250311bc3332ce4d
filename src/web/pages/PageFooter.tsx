import { Mail, Phone } from 'lucide-react';
import { site } from '../../config/site';
import { formatPhone } from '../../content';
import { useContent } from '../lib/content-context';
import { pagePath, type DocumentKind } from '../lib/pages';

/** The other pages' footer (./PageShell.tsx): rendered by the prerender step only, never hydrated. */
export function PageFooter({ page }: { page: DocumentKind }) {
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
