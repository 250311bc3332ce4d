import type { CSSProperties, ReactNode } from 'react';

/** The body of an e-mail a person reads (the firm's about its leads, a visitor's confirmation): the system's font, nothing fetched. */
const BODY: CSSProperties = { fontFamily: 'system-ui,-apple-system,Segoe UI,sans-serif', lineHeight: '1.5', color: '#111' };

/**
 * The HTML part of the server's e-mails, around what they say (`children`, one element a line:
 * each after a '\n', and a last '\n'): its language, its title (the subject), its body's style.
 * Rendered with core/html.ts.
 */
export function MailDocument(props: { lang: string; title: string; viewport?: boolean; bodyStyle?: CSSProperties; children: ReactNode }) {
  return (
    <html lang={props.lang}>
      <head>
        <meta charSet="utf-8" />
        {props.viewport ? <meta name="viewport" content="width=device-width" /> : null}
        <title>{props.title}</title>
      </head>
      <body style={props.bodyStyle ?? BODY}>{props.children}</body>
    </html>
  );
}
