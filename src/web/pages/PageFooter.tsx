import { useContent } from '../lib/content-context';
import { pagePath, type DocumentKind } from '../lib/pages';
import { ContactLinks } from './ContactLinks';

/** The other pages' footer (./PageShell.tsx): rendered by the prerender step only, never hydrated. */
export function PageFooter({ page }: { page: DocumentKind }) {
  const { footer, locale } = useContent();
  const linkClass = 'inline-flex min-h-9 items-center gap-2 underline-offset-4 hover:text-brand-700 hover:underline dark:hover:text-white';
  return (
    <footer className="border-t border-slate-200 bg-slate-50 py-8 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="page-column flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p>{footer.copyright}</p>
        <ul className="flex flex-wrap items-center gap-x-6 gap-y-1">
          <ContactLinks locale={locale} linkClass={linkClass} iconClass="size-4 shrink-0" labels={footer.contactUs} />
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
