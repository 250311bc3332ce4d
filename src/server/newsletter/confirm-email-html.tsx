import type { CSSProperties } from 'react';
import type { Locale } from '../../contracts/locales';
import { renderHtmlDocument } from '../core/html';
import { MailDocument } from '../core/mail-document';
import type { ConfirmEmailCopy } from './link-copy';

/** The confirmation e-mail's words in one language, `{brand}`, `{address}` and `{email}` filled in (confirm-email.ts). */
export type ConfirmLetter = Omit<ConfirmEmailCopy, 'subject'> & { locale: Locale };

const BUTTON: CSSProperties = {
  display: 'inline-block',
  padding: '10px 18px',
  borderRadius: '8px',
  background: '#1d4ed8',
  color: '#fff',
  textDecoration: 'none',
  fontWeight: '600',
};
const LINK: CSSProperties = { wordBreak: 'break-all', color: '#444' };
const IGNORE: CSSProperties = { color: '#444' };
const SENDER: CSSProperties = { color: '#666', fontSize: '.875em' };

/**
 * The HTML part of the e-mail that asks to confirm a sign-up: each language's letter (one, or
 * French then English), a rule between them, each with the signed link as a button and as text.
 */
export function confirmationEmailHtml(email: { subject: string; link: string; letters: ConfirmLetter[] }): Promise<string> {
  return renderHtmlDocument(
    <MailDocument lang={email.letters[0]!.locale} title={email.subject}>
      {email.letters.map((letter, index) => (
        <InOneLanguage key={letter.locale} letter={letter} link={email.link} first={index === 0} />
      ))}
      {'\n'}
    </MailDocument>,
  );
}

/** One language's letter, after a rule when another came first. */
function InOneLanguage({ letter, link, first }: { letter: ConfirmLetter; link: string; first: boolean }) {
  return (
    <>
      {'\n'}
      {first ? null : (
        <>
          <hr />
          {'\n'}
        </>
      )}
      <div lang={letter.locale}>
        {'\n'}
        <p>{letter.greeting}</p>
        {'\n'}
        <p>{letter.intro}</p>
        {'\n'}
        <p>{letter.action}</p>
        {'\n'}
        <p>
          <a href={link} style={BUTTON}>
            {letter.button}
          </a>
        </p>
        {'\n'}
        <p style={LINK}>{link}</p>
        {'\n'}
        <p style={IGNORE}>{letter.ignore}</p>
        {'\n'}
        <p style={SENDER}>{letter.sender}</p>
        {'\n'}
      </div>
    </>
  );
}
