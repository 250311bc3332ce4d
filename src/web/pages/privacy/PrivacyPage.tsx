import { site } from '../../../config/site';
import { RichText } from '../../components/RichText';
import type { Content } from '../../../content';
import { privacyPolicy } from '../../../content/privacy';
import { pagePath } from '../../lib/pages';
import { PageFooter } from '../PageFooter';
import { PageShell } from '../PageShell';
import { KeptDataTable } from './KeptDataTable';

const linkClass = 'font-medium text-accent underline underline-offset-2 hover:text-brand-900 dark:hover:text-white';

/** The text's readable measure: the table of what is kept, between its paragraphs, is wider. */
const prose = 'mt-4 max-w-3xl space-y-4 text-slate-700 dark:text-slate-300';

function Paragraphs({ texts }: { texts: readonly string[] }) {
  return texts.map((text) => (
    <p key={text}>
      <RichText text={text} linkClassName={linkClass} />
    </p>
  ));
}

/** The privacy policy (Law 25): prerendered at /privacy/ and /fr/confidentialite/. */
export function PrivacyPage({ content }: { content: Content }) {
  const policy = privacyPolicy(content.locale, site);
  return (
    <PageShell content={content} page="privacy" footer={<PageFooter page="privacy" />}>
      {/* On the page's column, as the bar and the footer are; the text keeps to a readable measure, the table of what is kept takes the text column's width.
          From 1024 px the contents are a side column on the right that stays on screen while the text scrolls. */}
      <article className="page-column py-section">
        <div className="grid items-start gap-x-12 lg:grid-cols-[minmax(0,1fr)_16rem] xl:grid-cols-[minmax(0,1fr)_18rem] xl:gap-x-16">
          <div className="max-w-3xl">
            <h1 className="text-title font-extrabold tracking-tight text-balance">{policy.title}</h1>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{policy.updated}</p>
            <p className="mt-6 text-lead text-slate-700 dark:text-slate-200">{policy.intro}</p>
          </div>

          <nav
            aria-labelledby="privacy-contents"
            className="mt-10 max-w-3xl rounded-2xl border border-slate-200 bg-slate-50 p-6 lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-2 lg:max-h-[calc(100svh-3rem)] lg:overflow-y-auto lg:text-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="privacy-contents" className="font-bold">
              {policy.contents}
            </h2>
            <ol className="mt-3 list-decimal space-y-1 pl-6">
              {policy.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className={linkClass}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div>
            {policy.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-12">
                <h2 id={`${section.id}-title`} className="max-w-3xl text-heading font-bold tracking-tight">
                  {section.title}
                </h2>
                <div className={prose}>
                  <Paragraphs texts={section.paragraphs} />
                  {section.list ? (
                    <ul className="list-disc space-y-2 pl-6">
                      {section.list.map((item) => (
                        <li key={item}>
                          <RichText text={item} linkClassName={linkClass} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
                {section.table ? <KeptDataTable table={policy.keptTable} /> : null}
                {section.after ? (
                  <div className={prose}>
                    <Paragraphs texts={section.after} />
                  </div>
                ) : null}
              </section>
            ))}

            <p className="mt-14">
              <a href={pagePath('home', content.locale)} className={linkClass}>
                {policy.backHome}
              </a>
            </p>
          </div>
        </div>
      </article>
    </PageShell>
  );
}
