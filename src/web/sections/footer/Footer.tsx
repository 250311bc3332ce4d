import { Mail, Phone } from 'lucide-react';
import { site } from '../../../config/site';
import { formatPhone } from '../../../content';
import { useContent } from '../../lib/content-context';
import { LogoMark } from '../../components/Logo';
import { SectionLink } from '../../components/SectionLink';
import { NewsletterForm } from '../../features/newsletter/NewsletterForm';
import { Static } from '../../hydration/Static';
import { pagePath } from '../../lib/pages';

/** The footer's columns, which its bands share: the brand's, then two; three across from 768 px. */
const columns = 'page-column gap-x-10 sm:grid-cols-2 md:grid-cols-[1.4fr_1fr_1fr]';
const headingClass = 'text-sm font-bold tracking-wider text-slate-900 uppercase dark:text-white';

export function Footer() {
  const { footer, a11y, locale } = useContent();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 pt-section pb-8 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      {/* The sign-up is the footer's first band, on the footer's own surface and columns: its words over
          the brand's column, its form across the two others (room for its placeholder at every width). */}
      <div className={`grid gap-y-5 border-b border-slate-200 pb-stack dark:border-slate-800 ${columns}`}>
        <div className="sm:col-span-2 md:col-span-1">
          <h2 className="text-heading font-bold text-balance text-slate-900 dark:text-white">{footer.newsletter.title}</h2>
          <p className="mt-2">{footer.newsletter.line}</p>
        </div>
        <div className="sm:col-span-2">
          <NewsletterForm />
        </div>
      </div>
      {/* The brand first, then its links and how to reach it: three columns from 768 px. */}
      <div className={`mt-stack grid gap-y-10 ${columns}`}>
        {/* The brand and how to reach it are text: never hydrated (hydration/Static.tsx). */}
        <Static>
          <div className="sm:col-span-2 md:col-span-1">
            <p className="flex items-center gap-3 text-xl font-bold text-slate-900 dark:text-white">
              <LogoMark className="size-10" />
              <span>{site.brand}</span>
            </p>
            <p className="mt-3 max-w-sm">{footer.brandTagline}</p>
          </div>
        </Static>
        <nav aria-label={a11y.footerNav}>
          <h2 className={headingClass}>{footer.quickLinks.title}</h2>
          <ul className="mt-4 space-y-1">
            {footer.quickLinks.links.map((link) => (
              <li key={link.label}>
                <SectionLink anchor={link.anchor} className="inline-flex min-h-9 items-center hover:text-brand-700 hover:underline dark:hover:text-white">
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <Static>
          <div>
            <h2 className={headingClass}>{footer.contactUs.title}</h2>
            <ul className="mt-4 space-y-3">
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" focusable="false" className="size-4 shrink-0" />
                <span className="sr-only">{footer.contactUs.phoneLabel} </span>
                <span className="whitespace-nowrap">{formatPhone(site.phone, locale)}</span>
              </li>
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" focusable="false" className="size-4 shrink-0" />
                <span className="sr-only">{footer.contactUs.emailLabel} </span>
                <span className="break-all">{site.email}</span>
              </li>
            </ul>
          </div>
        </Static>
      </div>
      <div className="page-column mt-10 flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-t border-slate-200 pt-6 text-sm dark:border-slate-800">
        <p>{footer.copyright}</p>
        <a
          href={pagePath('privacy', locale)}
          className="inline-flex min-h-9 items-center underline-offset-4 hover:text-brand-700 hover:underline dark:hover:text-white"
        >
          {footer.privacyLink}
        </a>
      </div>
    </footer>
  );
}
