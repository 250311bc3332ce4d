import type { ReactElement } from 'react';

/**
 * The server's HTML, written from React components (the firm's e-mails, the newsletter's e-mail
 * and link pages, the figures' digest and report): React escapes every text and attribute it
 * writes, so nothing a visitor typed can become markup, and no component escapes anything by hand.
 *
 * react-dom/server is loaded at the first document rendered, not at start-up (as nodemailer is):
 * a server that has sent nothing yet never holds it (docs/performance.md). This is the server's
 * one import of it.
 */
type ReactDomServer = typeof import('react-dom/server');
let server: Promise<ReactDomServer> | undefined;

async function load(): Promise<ReactDomServer> {
  const loaded: ReactDomServer & { default?: ReactDomServer } = await import('react-dom/server');
  // A CommonJS package: in the compiled server (esbuild) its import() holds its exports under
  // `default` only; Node (tsx, the tests) gives them by name as well.
  return loaded.default ?? loaded;
}

/** `element` (an `<html>`) as a whole document: the doctype, then its markup. */
export async function renderHtmlDocument(element: ReactElement): Promise<string> {
  const { renderToStaticMarkup } = await (server ??= load());
  return `<!doctype html>\n${renderToStaticMarkup(element)}`;
}
