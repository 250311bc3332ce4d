import type { CSSProperties } from 'react';
import { renderHtmlDocument } from '../core/html';
import { MailDocument } from '../core/mail-document';
import type { NotificationCopy } from './copy';

/**
 * A longer text under its own heading. `fromCaller`: written from what a caller said (Vapi's summary,
 * the transcript): shown quoted, under a line that says whose words they are.
 */
type LongTextParts = { label: string; body: string; fromCaller?: boolean };

/** What one e-mail to the firm says: labelled fields, then longer texts under their own heading. */
export type LeadEmailParts = {
  subject: string;
  intro: string;
  fields: Array<[string, string | null]>;
  texts: LongTextParts[];
  hint: string;
};

/**
 * The HTML part of the firm's e-mail about one lead, and the details of a lead as the e-mail
 * carrying several shows them too (together-email-html.tsx). Every text is written by React,
 * escaped; each element on a line of its own, as the message's source reads.
 */

const CELL: CSSProperties = { padding: '4px 12px 4px 0', verticalAlign: 'top', textAlign: 'left' };
const TEXT_HEADING: CSSProperties = { fontSize: '1em', margin: '1.5em 0 .5em' };
const CALLER_WORDS: CSSProperties = { margin: '0 0 .5em', color: '#444', fontSize: '.875em' };
const QUOTED: CSSProperties = { whiteSpace: 'pre-wrap', margin: '0', padding: '0 0 0 1em', borderLeft: '3px solid #999', color: '#333' };
const LONG_TEXT: CSSProperties = { whiteSpace: 'pre-wrap', margin: '0' };
export const HINT: CSSProperties = { color: '#444', marginTop: '1.5em' };

type Details = Pick<LeadEmailParts, 'fields' | 'texts'>;

function Field({ label, value, copy }: { label: string; value: string | null; copy: NotificationCopy }) {
  return (
    <>
      {'\n'}
      <tr>
        <th scope="row" style={CELL}>
          {label}
        </th>
        <td style={CELL}>{value || copy.notGiven}</td>
      </tr>
    </>
  );
}

/** A longer text under its heading; written from what a caller said, quoted under whose words they are. */
function LongText({ text, copy, level: Heading }: { text: Details['texts'][number]; copy: NotificationCopy; level: 'h2' | 'h3' }) {
  return (
    <>
      {'\n'}
      <Heading style={TEXT_HEADING}>{text.label}</Heading>
      {text.fromCaller ? (
        <>
          {'\n'}
          <p style={CALLER_WORDS}>{copy.callerWords}</p>
          {'\n'}
          <blockquote style={QUOTED}>{text.body}</blockquote>
        </>
      ) : (
        <>
          {'\n'}
          <p style={LONG_TEXT}>{text.body}</p>
        </>
      )}
    </>
  );
}

/** One lead's fields (a table) and longer texts (their headings at `level`). */
export function LeadDetails({ parts, copy, level }: { parts: Details; copy: NotificationCopy; level: 'h2' | 'h3' }) {
  return (
    <>
      {'\n'}
      <table style={{ borderCollapse: 'collapse' }}>
        {parts.fields.map(([label, value], index) => (
          <Field key={index} label={label} value={value} copy={copy} />
        ))}
        {'\n'}
      </table>
      {parts.texts.map((text, index) => (
        <LongText key={index} text={text} copy={copy} level={level} />
      ))}
    </>
  );
}

/** The HTML part of the e-mail about one lead (lead-email.ts composeLeadEmail). */
export function leadEmailHtml(parts: LeadEmailParts, copy: NotificationCopy): Promise<string> {
  return renderHtmlDocument(
    <MailDocument lang={copy.intlLocale} title={parts.subject}>
      {'\n'}
      <p>{parts.intro}</p>
      <LeadDetails parts={parts} copy={copy} level="h2" />
      {'\n'}
      <p style={HINT}>{parts.hint}</p>
      {'\n'}
    </MailDocument>,
  );
}
