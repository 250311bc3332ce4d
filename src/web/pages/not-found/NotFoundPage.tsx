import { ArrowLeft } from 'lucide-react';
import { LogoMark } from '../../components/Logo';
import { primaryAction } from '../../components/styles';
import type { Content } from '../../../content';
import { pagePath } from '../../lib/pages';
import { ContactLinks } from '../ContactLinks';
import { PageFooter } from '../PageFooter';
import { PageShell } from '../PageShell';

const contactClass = 'inline-flex min-h-11 items-center gap-3 font-medium underline-offset-4 hover:underline';

/**
 * The 404 page of one language, with the site's bar and footer: the server sends the one whose
 * language the unknown address is under (/fr/… → French). A way home, and the firm's phone and
 * e-mail for whoever came looking for something in particular.
 */
export function NotFoundPage({ content }: { content: Content }) {
  const { notFound, locale } = content;
  return (
    <PageShell content={content} page="not-found" footer={<PageFooter page="not-found" />}>
      <div className="page-column py-section">
        <div className="max-w-2xl">
          <LogoMark className="size-14" />
          <h1 className="mt-8 text-title font-extrabold tracking-tight text-balance">{notFound.title}</h1>
          <p className="mt-4 text-lead text-slate-700 dark:text-slate-200">{notFound.text}</p>
          <a href={pagePath('home', locale)} className={`${primaryAction} mt-8 px-7`}>
            <ArrowLeft aria-hidden="true" focusable="false" className="size-5" />
            {notFound.home}
          </a>
          <p className="mt-10 text-slate-700 dark:text-slate-300">{notFound.contact}</p>
          <ul className="mt-2">
            <ContactLinks locale={locale} linkClass={contactClass} iconClass="size-5 shrink-0 text-brand-600 dark:text-accent-400" />
          </ul>
        </div>
      </div>
    </PageShell>
  );
}
