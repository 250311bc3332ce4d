import { CONTACT_FIELDS } from '../../contracts/contact';
import { oneLine } from '../../content/text';
import type { LeadEvent } from '../../contracts/lead-event';
import type { NotificationCopy } from './copy';
import { type LeadEmailParts, leadEmailHtml } from './lead-email-html';
import { displayName, inertLinks, quoted } from './untrusted-text';

/**
 * The firm's e-mail about one lead (or a voice lead's call report): what it says, as parts, and
 * those parts written as text (here) and HTML (lead-email-html.tsx), which the e-mail carrying
 * several leads (together-email.ts) writes the same way.
 */
export type LeadEmail = {
  subject: string;
  text: string;
  html: string;
  /**
   * The visitor: the firm answers the lead by replying (a voice lead may have given no address).
   * The name is only ever one that cannot look like an address (untrusted-text.ts displayName).
   */
  replyTo: { name?: string; address: string } | undefined;
};

function languageName(code: string | null, copy: NotificationCopy): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([copy.intlLocale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The events the firm is told about (a confirmation request goes to the visitor instead). */
export type FirmEvent = Exclude<LeadEvent, { type: 'newsletter.confirmation' | 'stats.digest' }>;

/**
 * The event as the firm's e-mail shows it: every text of its data made inert (untrusted-text.ts
 * `inertLinks`: links, host names and addresses shown but never clickable, host names in ASCII).
 * What a visitor or a caller chose is all there (name, company, phone, e-mail address, message or
 * need, preferred time, the page their browser named, Vapi's summary and transcript), and the
 * subject, the fields, the texts and the hint are all written from this, never from the event as
 * stored: a field added later is inert without a word here. The Reply-To takes the address as given.
 */
export function asShown<Event extends FirmEvent>(event: Event): Event {
  const data = Object.fromEntries(Object.entries(event.data).map(([key, value]) => [key, typeof value === 'string' ? inertLinks(value) : value]));
  return { ...event, data } as Event;
}

/** Who the firm answers with "Reply": the visitor's address as given (a voice lead may have none), with a name that can only read as a name. */
function replyToOf(event: FirmEvent): LeadEmail['replyTo'] {
  if (event.type === 'newsletter.subscribed') return { address: event.data.email };
  if (event.type === 'contact.created' && event.data.email) return { name: displayName(event.data.name), address: event.data.email };
  return undefined;
}

/** The parts of the e-mail about `event`, as shown (`asShown`): nothing in it can be a link. */
export function partsOf(event: FirmEvent, copy: NotificationCopy, receivedAt: string, timeZone: string): LeadEmailParts {
  const { labels } = copy;
  const when: Array<[string, string]> = [
    [labels.receivedAt, receivedAt],
    [labels.reference, event.id],
  ];
  if (event.type === 'contact.call_report') {
    const { data } = event;
    return {
      subject: copy.reportSubject(oneLine(data.name)),
      intro: copy.reportIntro,
      fields: [[labels.name, data.name], [labels.callId, data.callId], [labels.submission, String(data.submissionId)], ...when],
      texts: [
        data.summary === null ? { label: labels.summary, body: copy.notGiven } : { label: labels.summary, body: data.summary, fromCaller: true },
        ...(data.transcript === null ? [] : [{ label: labels.transcript, body: data.transcript, fromCaller: true }]),
      ],
      hint: copy.reportHint,
    };
  }
  if (event.type === 'leads.summary') {
    const { data } = event;
    const time = (iso: string) => new Intl.DateTimeFormat(copy.intlLocale, { timeStyle: 'short', timeZone }).format(new Date(iso));
    return {
      subject: copy.summarySubject(data.contactRequests + data.newsletterSignUps, data.network),
      intro: copy.summaryIntro(data.network, data.sentOneByOne),
      fields: [
        [labels.network, data.network],
        [labels.period, `${time(data.from)} – ${time(data.to)}`],
        [labels.contactRequests, String(data.contactRequests)],
        [labels.newsletterSignUps, String(data.newsletterSignUps)],
        ...when,
      ],
      texts: [],
      hint: copy.summaryHint,
    };
  }
  if (event.type === 'contact.created') {
    const { data } = event;
    const name = oneLine(data.name);
    const hint = data.email ? copy.replyHint(name) : copy.callHint(name, data.phone ?? '');
    if (data.source === 'voice') {
      return {
        subject: copy.voiceSubject(name),
        intro: copy.voiceIntro,
        fields: [
          [labels.name, data.name],
          [labels.phone, data.phone],
          [labels.email, data.email],
          [labels.company, data.company],
          [labels.preferredTime, data.preferredTime ?? null],
          [labels.callLanguage, languageName(data.locale, copy)],
          [labels.callId, data.callId ?? null],
          [labels.submission, String(data.submissionId)],
          ...when,
        ],
        texts: [{ label: labels.need, body: data.message }],
        hint,
      };
    }
    return {
      subject: copy.contactSubject(name),
      intro: copy.contactIntro,
      // Every field of the form's contract, in its order; the message, on its own lines, below.
      fields: [
        ...CONTACT_FIELDS.filter((field) => field !== 'message').map((field): [string, string | null] => [labels[field], data[field]]),
        [labels.page, data.page],
        [labels.language, languageName(data.locale, copy)],
        ...when,
      ],
      texts: [{ label: labels.message, body: data.message }],
      hint,
    };
  }
  return {
    subject: copy.newsletterSubject(event.data.email),
    intro: copy.newsletterIntro,
    fields: [[labels.email, event.data.email], [labels.page, event.data.page], [labels.language, languageName(event.data.locale, copy)], ...when],
    texts: [],
    hint: copy.replyHint(event.data.email),
  };
}

/** One lead's fields and texts, as lines of the text part. */
export function textOf({ fields, texts }: Pick<LeadEmailParts, 'fields' | 'texts'>, copy: NotificationCopy): string[] {
  const shown = (value: string | null) => value || copy.notGiven;
  return [
    ...fields.map(([label, value]) => `${label}${copy.separator}${shown(value)}`),
    ...texts.flatMap((long) => [
      '',
      `${long.label}${copy.separator.trimEnd()}`,
      ...(long.fromCaller ? [`(${copy.callerWords})`, quoted(long.body)] : [long.body]),
    ]),
  ];
}

export const receivedAtOf = (event: FirmEvent, copy: NotificationCopy, timeZone: string) =>
  new Intl.DateTimeFormat(copy.intlLocale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(event.createdAt));

/** The message the firm receives about one lead (or a voice lead's call report): every field, in its language. */
export async function composeLeadEmail(event: FirmEvent, copy: NotificationCopy, timeZone: string): Promise<LeadEmail> {
  const parts = partsOf(asShown(event), copy, receivedAtOf(event, copy, timeZone), timeZone);
  const { subject, intro, hint } = parts;
  const text = [intro, '', ...textOf(parts, copy), '', hint, ''].join('\n');
  return { subject, text, html: await leadEmailHtml(parts, copy), replyTo: replyToOf(event) };
}
