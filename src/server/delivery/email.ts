import type { SendMailOptions, Transporter } from 'nodemailer';
import type { SiteConfig } from '../../config/site-schema';
import { CONTACT_FIELDS } from '../../contracts/contact';
import { escapeHtml, oneLine } from '../../content/text';
import type { NotificationConfig } from '../config';
import { maskEmails } from '../logger';
import { composeConfirmationEmail } from '../newsletter/confirm-email';
import { asLocale } from '../../contracts/locales';
import type { LeadEvent, StatsDigestData } from '../../contracts/lead-event';
import { NOTIFICATION_COPY, type NotificationCopy } from './copy';
import { PermanentRefusalError, type Sender } from './sender';
import { displayName, inertLinks, quoted } from './untrusted-text';

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
type FirmEvent = Exclude<LeadEvent, { type: 'newsletter.confirmation' | 'stats.digest' }>;

/**
 * A longer text under its own heading. `fromCaller`: written from what a caller said (Vapi's summary,
 * the transcript): shown quoted, under a line that says whose words they are.
 */
type LongText = { label: string; body: string; fromCaller?: boolean };

/** What one e-mail to the firm says: labelled fields, then longer texts under their own heading. */
type LeadEmailParts = {
  subject: string;
  intro: string;
  fields: Array<[string, string | null]>;
  texts: LongText[];
  hint: string;
};

/**
 * The event as the firm's e-mail shows it: every text of its data made inert (untrusted-text.ts
 * `inertLinks`: links, host names and addresses shown but never clickable, host names in ASCII).
 * What a visitor or a caller chose is all there (name, company, phone, e-mail address, message or
 * need, preferred time, the page their browser named, Vapi's summary and transcript), and the
 * subject, the fields, the texts and the hint are all written from this, never from the event as
 * stored: a field added later is inert without a word here. The Reply-To takes the address as given.
 */
function asShown<Event extends FirmEvent>(event: Event): Event {
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
function partsOf(event: FirmEvent, copy: NotificationCopy, receivedAt: string, timeZone: string): LeadEmailParts {
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

/** The message the firm receives about one lead (or a voice lead's call report): every field, in its language. */
export function composeLeadEmail(event: FirmEvent, copy: NotificationCopy, timeZone: string): LeadEmail {
  const receivedAt = new Intl.DateTimeFormat(copy.intlLocale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(event.createdAt));
  const { subject, intro, fields, texts, hint } = partsOf(asShown(event), copy, receivedAt, timeZone);
  const replyTo = replyToOf(event);
  const shown = (value: string | null) => value || copy.notGiven;

  const text = [
    intro,
    '',
    ...fields.map(([label, value]) => `${label}${copy.separator}${shown(value)}`),
    ...texts.flatMap((long) => [
      '',
      `${long.label}${copy.separator.trimEnd()}`,
      ...(long.fromCaller ? [`(${copy.callerWords})`, quoted(long.body)] : [long.body]),
    ]),
    '',
    hint,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(copy.intlLocale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;line-height:1.5;color:#111">',
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    ...fields.map(([label, value]) => `<tr><th scope="row" style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(shown(value))}</td></tr>`),
    '</table>',
    ...texts.flatMap((long) => [
      `<h2 style="font-size:1em;margin:1.5em 0 .5em">${escapeHtml(long.label)}</h2>`,
      ...(long.fromCaller
        ? [
            `<p style="margin:0 0 .5em;color:#444;font-size:.875em">${escapeHtml(copy.callerWords)}</p>`,
            `<blockquote style="white-space:pre-wrap;margin:0;padding:0 0 0 1em;border-left:3px solid #999;color:#333">${escapeHtml(long.body)}</blockquote>`,
          ]
        : [`<p style="white-space:pre-wrap;margin:0">${escapeHtml(long.body)}</p>`]),
    ]),
    `<p style="color:#444;margin-top:1.5em">${escapeHtml(hint)}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html, replyTo };
}

/** The domain of MAIL_FROM, so our Message-IDs look like the sender's own. */
function senderDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * Sends through the configured SMTP server (nodemailer, one connection per message). The promise
 * resolves only once the server has accepted the message, so the job is marked done after that.
 */
export type EmailSenderOptions = {
  firmLocale: NotificationConfig['firmLocale'];
  timeZone: string;
  timeoutMs: number;
  /** Who the firm is, for the e-mails that go to visitors. */
  site: Pick<SiteConfig, 'brand' | 'email' | 'address'>;
  /** The signed link that confirms a pending newsletter sign-up. */
  confirmationLink: (confirmationId: number, linkNonce: string | null) => Promise<string>;
  /** The weekly digest of a week, composed when it is sent from the figures in the database (src/server/stats/digest.ts). */
  digest: (week: StatsDigestData) => Promise<{ subject: string; text: string; html: string }>;
};

/**
 * An SMTP refusal the relay calls permanent (5xx) to this message or its recipient (RCPT TO, DATA):
 * an address it cannot deliver to, a message it will not take. For a visitor's address (a
 * newsletter confirmation to a mailbox that does not exist) retrying cannot change that answer.
 * Anything else (a 5xx to the sender or the login: MAIL_FROM, SMTP_URL) is the firm's to fix.
 */
function permanentRefusal(error: unknown): boolean {
  const { permanent, responseCode, command } = (error ?? {}) as { permanent?: unknown; responseCode?: unknown; command?: unknown };
  const fiveHundred = permanent === true || (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600);
  return fiveHundred && (command === 'RCPT TO' || command === 'DATA');
}

/**
 * The relay's answers quote addresses (`550 5.4.5 <leads@firm.example>: Daily user sending quota
 * exceeded`, a visitor's mailbox it refuses): masked in the error and its causes (../logger.ts
 * maskEmails, the server's one masker) before the error leaves the sender, so that no text made
 * from it keeps a whole address: the job's `last_error` and `npm run deliveries`, the log, the
 * webhook's `notifications.email_failing`.
 */
function withAddressesMasked(error: unknown): unknown {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    current.message = maskEmails(current.message);
  }
  return typeof error === 'string' ? maskEmails(error) : error;
}

/**
 * Sends one message. A permanent refusal of a visitor's message comes back as PermanentRefusalError
 * (the worker does not retry it). The firm's own address refused, even with a 5xx ("550 5.4.5 Daily
 * user sending quota exceeded", a relay that denies access), is retried like any failure: the
 * relay's quota resets, its configuration gets fixed, and the firm's leads must then arrive.
 * Either way, with the addresses in it masked.
 */
async function sendOrRefuse(transport: Transporter, message: SendMailOptions, to: 'visitor' | 'firm'): Promise<void> {
  try {
    await transport.sendMail(message);
  } catch (error) {
    const masked = withAddressesMasked(error);
    if (to === 'visitor' && permanentRefusal(error))
      throw new PermanentRefusalError(masked instanceof Error ? masked.message : String(masked), { cause: masked });
    throw masked;
  }
}

export function emailSender(settings: NonNullable<NotificationConfig['email']>, options: EmailSenderOptions): Sender {
  // nodemailer is loaded at the first message, not at start-up: ~4 MB a server without mail never pays.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: settings.smtpUrl,
        connectionTimeout: options.timeoutMs,
        greetingTimeout: options.timeoutMs,
        socketTimeout: options.timeoutMs,
      }),
    ));
  const copy = NOTIFICATION_COPY[options.firmLocale];
  const domain = senderDomain(settings.from);
  return {
    async send(event, signal) {
      // The same on every retry: mail clients can fold a message sent twice into one.
      const messageId = `<${event.id}@${domain}>`;
      const headers = { 'X-AtelierIA-Id': event.id, 'X-AtelierIA-Event': event.type };
      // RFC 3834: sent by a program, not a person; auto-responders should not answer.
      const automatic = { ...headers, 'Auto-Submitted': 'auto-generated' };
      let message: Pick<SendMailOptions, 'to' | 'replyTo' | 'subject' | 'text' | 'html' | 'headers'>;
      if (event.type === 'notifications.email_failing') {
        // Queued for the webhook only (store/outbox-email-state.ts): e-mail is what is failing.
        throw new Error(`${event.type} is not sent by e-mail`);
      } else if (event.type === 'newsletter.confirmation') {
        const link = await options.confirmationLink(event.data.confirmationId, event.data.linkNonce ?? null);
        const mail = composeConfirmationEmail({ locale: asLocale(event.data.locale), link, site: options.site });
        message = { to: event.data.email, subject: mail.subject, text: mail.text, html: mail.html, headers: automatic };
      } else if (event.type === 'stats.digest') {
        const mail = await options.digest(event.data);
        message = { to: settings.to, subject: mail.subject, text: mail.text, html: mail.html, headers: automatic };
      } else {
        const mail = composeLeadEmail(event, copy, options.timeZone);
        message = {
          to: settings.to,
          // A name only when one is left that reads as a name; otherwise the bare address.
          ...(mail.replyTo ? { replyTo: mail.replyTo.name ? { name: mail.replyTo.name, address: mail.replyTo.address } : mail.replyTo.address } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers,
        };
      }
      await sendOrRefuse(
        await connect(),
        { from: settings.from, messageId, signal, ...message },
        event.type === 'newsletter.confirmation' ? 'visitor' : 'firm',
      );
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
