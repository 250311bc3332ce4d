import type { CSSProperties } from 'react';
import { renderHtmlDocument } from '../core/html';
import { MailDocument } from '../core/mail-document';
import type { NotificationCopy } from './copy';
import type { LeadEmailParts } from './lead-email-html';
import { HINT, LeadDetails } from './lead-email-html';

const LEAD_HEADING: CSSProperties = { fontSize: '1.1em', margin: '2em 0 .5em', borderTop: '1px solid #ccc', paddingTop: '1em' };

/** The HTML part of the e-mail carrying several leads (together-email.ts): each under its number and subject, with its details. */
export function togetherEmailHtml(email: { subject: string; intro: string; leads: LeadEmailParts[] }, copy: NotificationCopy): Promise<string> {
  return renderHtmlDocument(
    <MailDocument lang={copy.intlLocale} title={email.subject}>
      {'\n'}
      <p>{email.intro}</p>
      {email.leads.map((parts, index) => (
        <Lead key={index} number={index + 1} parts={parts} copy={copy} />
      ))}
      {'\n'}
      <p style={HINT}>{copy.togetherHint}</p>
      {'\n'}
    </MailDocument>,
  );
}

function Lead({ number, parts, copy }: { number: number; parts: LeadEmailParts; copy: NotificationCopy }) {
  return (
    <>
      {'\n'}
      <h2 style={LEAD_HEADING}>{`${number}. ${parts.subject}`}</h2>
      <LeadDetails parts={parts} copy={copy} level="h3" />
    </>
  );
}
