import type { Locale } from '../../contracts/locales';
import { renderHtmlDocument } from '../core/html';
import type { LinkPageCopy } from './link-copy';

/** What a signed link's page says happened: asked to confirm, done, already done, or why not. */
export type LinkPageState = 'confirm' | 'done' | 'already' | 'gone' | 'invalid' | 'unavailable' | 'rateLimited';

/**
 * The page a newsletter link opens (link-page.ts): a small standalone document, readable in both
 * themes, its one stylesheet inline (allowed by its hash, link-page.ts LINK_PAGE_CSP).
 */
export const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}
main{max-width:34rem;margin:1.5rem;padding:2rem;border-radius:1rem;background:#fff;box-shadow:0 10px 30px rgb(15 23 42/.08)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1.5rem}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.625rem 1.25rem;border:0;border-radius:.75rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:hover{background:#1e40af}
a{color:#1d4ed8;display:inline-block;min-height:1.5rem;padding:.5rem 0}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
section+section{margin-top:2rem;padding-top:2rem;border-top:1px solid #cbd5e1}
@media (prefers-color-scheme:dark){
body{background:#020617;color:#e2e8f0}
main{background:#0f172a;box-shadow:none}
button{background:#2563eb}
a{color:#93c5fd}
:focus-visible{outline-color:#93c5fd}
section+section{border-top-color:#334155}
}`.trim();

/** One language's version of the page, its words filled in: `{brand}`, and `{email}` in bold. */
export type LinkPageSection = { locale: Locale; copy: LinkPageCopy; state: LinkPageState; brand: string; email: string };

export function linkPageHtml(page: { lang: Locale; title: string; sections: LinkPageSection[] }): Promise<string> {
  return renderHtmlDocument(
    <html lang={page.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{page.title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          {page.sections.map((section, index) => (
            <Section key={section.locale} {...section} heading={index === 0 ? 'h1' : 'h2'} />
          ))}
        </main>
      </body>
    </html>,
  );
}

/** The page's message in one language (the first under the page's one h1), its button when it asks something, and the way back to the site. */
function Section({ locale, copy, state, brand, email, heading: Heading }: LinkPageSection & { heading: 'h1' | 'h2' }) {
  const message = copy[state];
  const fill = (text: string) => <Filled text={text} brand={brand} email={email} />;
  return (
    <section lang={locale}>
      <Heading>{fill(message.title)}</Heading>
      <p>{fill(message.body)}</p>
      {state === 'confirm' ? (
        <form method="post">
          <input type="hidden" name="confirm" value="1" />
          <button type="submit">{fill(copy.confirm.button)}</button>
        </form>
      ) : null}
      <p>
        <a href={copy.homePath}>{fill(copy.backHome)}</a>
      </p>
    </section>
  );
}

/** Copy with `{brand}` and `{email}` (in bold) filled in. */
function Filled({ text, brand, email }: { text: string; brand: string; email: string }) {
  return text
    .split(/(\{brand\}|\{email\})/)
    .map((piece, index) => (piece === '{brand}' ? brand : piece === '{email}' ? <strong key={index}>{email}</strong> : piece));
}
