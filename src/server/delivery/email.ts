import type { SendMailOptions, Transporter } from 'nodemailer';
import type { SiteConfig } from '../../config/site-schema';
import { CONTACT_FIELDS } from '../../contracts/contact';
import { escapeHtml, oneLine } from '../../content/text';
import type { NotificationConfig } from '../config';
import { toCsv } from '../csv';
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

const CELL = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';

/** One lead's fields and texts, as lines of the text part. */
function textOf({ fields, texts }: Pick<LeadEmailParts, 'fields' | 'texts'>, copy: NotificationCopy): string[] {
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

/** The same, as HTML (everything escaped); the texts' headings at `level`. */
function htmlOf({ fields, texts }: Pick<LeadEmailParts, 'fields' | 'texts'>, copy: NotificationCopy, level: 'h2' | 'h3'): string[] {
  const shown = (value: string | null) => value || copy.notGiven;
  return [
    '<table style="border-collapse:collapse">',
    ...fields.map(([label, value]) => `<tr><th scope="row" style="${CELL}">${escapeHtml(label)}</th><td style="${CELL}">${escapeHtml(shown(value))}</td></tr>`),
    '</table>',
    ...texts.flatMap((long) => [
      `<${level} style="font-size:1em;margin:1.5em 0 .5em">${escapeHtml(long.label)}</${level}>`,
      ...(long.fromCaller
        ? [
            `<p style="margin:0 0 .5em;color:#444;font-size:.875em">${escapeHtml(copy.callerWords)}</p>`,
            `<blockquote style="white-space:pre-wrap;margin:0;padding:0 0 0 1em;border-left:3px solid #999;color:#333">${escapeHtml(long.body)}</blockquote>`,
          ]
        : [`<p style="white-space:pre-wrap;margin:0">${escapeHtml(long.body)}</p>`]),
    ]),
  ];
}

/** A whole HTML message around `body`. */
function htmlDocument(subject: string, copy: NotificationCopy, body: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(copy.intlLocale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;line-height:1.5;color:#111">',
    ...body,
    '</body></html>',
  ].join('\n');
}

const receivedAtOf = (event: FirmEvent, copy: NotificationCopy, timeZone: string) =>
  new Intl.DateTimeFormat(copy.intlLocale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(event.createdAt));

/** The message the firm receives about one lead (or a voice lead's call report): every field, in its language. */
export function composeLeadEmail(event: FirmEvent, copy: NotificationCopy, timeZone: string): LeadEmail {
  const parts = partsOf(asShown(event), copy, receivedAtOf(event, copy, timeZone), timeZone);
  const { subject, intro, hint } = parts;
  const text = [intro, '', ...textOf(parts, copy), '', hint, ''].join('\n');
  const html = htmlDocument(subject, copy, [
    `<p>${escapeHtml(intro)}</p>`,
    ...htmlOf(parts, copy, 'h2'),
    `<p style="color:#444;margin-top:1.5em">${escapeHtml(hint)}</p>`,
  ]);
  return { subject, text, html, replyTo: replyToOf(event) };
}

/** The events one e-mail can carry together: leads and what follows them, never the digest. */
export const TOGETHER_EVENTS = [
  'contact.created',
  'newsletter.subscribed',
  'contact.call_report',
  'leads.summary',
] as const satisfies readonly FirmEvent['type'][];
type TogetherEvent = Extract<FirmEvent, { type: (typeof TOGETHER_EVENTS)[number] }>;
export const carriesTogether = (event: { type: string }): event is TogetherEvent => (TOGETHER_EVENTS as readonly string[]).includes(event.type);

/**
 * The sizes of an e-mail that carries several leads, so that it fits a relay's limit (often 1 MB,
 * some 10 MB) whatever the leads hold: the body shows the first TOGETHER_SHOWN in full, their
 * long texts cut at LONG_TEXT_MAX characters (the export has them whole); past that many, every
 * lead is in an attached CSV file, as many as fit in CSV_BUDGET bytes (at least one), the others
 * left for the next such e-mail. With maximum-size leads in the widest characters the message
 * stays under 800 KB (email.test.ts).
 */
export const TOGETHER_SHOWN = 20;
export const LONG_TEXT_MAX = 1_000;
export const CSV_BUDGET = 400_000;

export type TogetherEmail = Omit<LeadEmail, 'replyTo'> & {
  /** How many of the events it carries: the first ones given. */
  count: number;
  /** Every lead it carries, one row each, when there are more than the body shows. */
  csv: { filename: string; content: string } | undefined;
};

const cut = (text: string, copy: NotificationCopy) =>
  text.length <= LONG_TEXT_MAX ? text : `${text.slice(0, LONG_TEXT_MAX).replace(/[\uD800-\uDBFF]$/, '')}… ${copy.shortened}`;

/**
 * One e-mail for several leads that waited (the delivery worker sends one when a minute's
 * NOTIFICATIONS_PER_MINUTE is reached): each lead with its details, inert as in its own e-mail;
 * past TOGETHER_SHOWN, a CSV file with every one (the values as given, formulas defused, as the
 * export writes them: a file the firm imports, where a shown-inert address would be of no use).
 */
export function composeTogetherEmail(events: readonly TogetherEvent[], copy: NotificationCopy, timeZone: string, now: Date = new Date()): TogetherEmail {
  const partsOfEvent = (event: TogetherEvent, shown: boolean) => {
    const parts = partsOf(shown ? asShown(event) : event, copy, receivedAtOf(event, copy, timeZone), timeZone);
    return { ...parts, texts: parts.texts.map((long) => ({ ...long, body: cut(long.body, copy) })) };
  };
  let carried = events.length;
  let csv: TogetherEmail['csv'];
  if (events.length > TOGETHER_SHOWN) {
    const { labels } = copy;
    const columns = [
      labels.receivedAt,
      labels.request,
      labels.name,
      labels.email,
      labels.phone,
      labels.company,
      labels.message,
      labels.details,
      labels.reference,
    ];
    const asRow = (event: TogetherEvent): Record<string, string> => {
      const parts = partsOfEvent(event, false);
      const inColumns = new Set<string>([labels.name, labels.email, labels.phone, labels.company, labels.reference, labels.receivedAt]);
      const value = (label: string) => parts.fields.find(([name]) => name === label)?.[1] ?? '';
      return {
        [labels.receivedAt]: event.createdAt,
        [labels.request]: parts.subject,
        [labels.name]: value(labels.name),
        [labels.email]: value(labels.email),
        [labels.phone]: value(labels.phone),
        [labels.company]: value(labels.company),
        [labels.message]: parts.texts.map((long) => (parts.texts.length > 1 ? `${long.label}${copy.separator}${long.body}` : long.body)).join('\n\n'),
        [labels.details]: parts.fields
          .filter(([label, given]) => !inColumns.has(label) && given)
          .map(([label, given]) => `${label}${copy.separator}${given}`)
          .join('\n'),
        [labels.reference]: event.id,
      };
    };
    const rows: Array<Record<string, string>> = [];
    let bytes = Buffer.byteLength(toCsv(columns, []));
    for (const event of events) {
      const row = asRow(event);
      const size = Buffer.byteLength(toCsv(columns, [row])) - Buffer.byteLength(toCsv(columns, []));
      if (rows.length > 0 && bytes + size > CSV_BUDGET) break;
      rows.push(row);
      bytes += size;
    }
    carried = rows.length;
    const stamp = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(now).replace(/[ :]/g, '-');
    csv = { filename: `${copy.csvName}-${stamp}.csv`, content: toCsv(columns, rows) };
  }
  const shownEvents = events.slice(0, Math.min(carried, TOGETHER_SHOWN));
  const subject = copy.togetherSubject(carried);
  const intro = copy.togetherIntro(carried, shownEvents.length, csv !== undefined);
  const sections = shownEvents.map((event) => partsOfEvent(event, true));
  const text = [
    intro,
    ...sections.flatMap((parts, index) => ['', `${index + 1}. ${parts.subject}`, '', ...textOf(parts, copy)]),
    '',
    copy.togetherHint,
    '',
  ].join('\n');
  const html = htmlDocument(subject, copy, [
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.flatMap((parts, index) => [
      `<h2 style="font-size:1.1em;margin:2em 0 .5em;border-top:1px solid #ccc;padding-top:1em">${index + 1}. ${escapeHtml(parts.subject)}</h2>`,
      ...htmlOf(parts, copy, 'h3'),
    ]),
    `<p style="color:#444;margin-top:1.5em">${escapeHtml(copy.togetherHint)}</p>`,
  ]);
  return { subject, text, html, count: carried, csv };
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
    async sendTogether(events, signal) {
      const leads = events.filter(carriesTogether);
      if (leads.length !== events.length) throw new Error('only leads are e-mailed together');
      const mail = composeTogetherEmail(leads, copy, options.timeZone);
      // Its id from the first lead's: sent again with the same leads, it is the same message.
      const messageId = `<together-${leads[0]!.id}-${mail.count}@${domain}>`;
      await sendOrRefuse(
        await connect(),
        {
          from: settings.from,
          to: settings.to,
          messageId,
          signal,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: { 'X-AtelierIA-Event': 'leads.together', 'X-AtelierIA-Count': String(mail.count) },
          ...(mail.csv ? { attachments: [{ filename: mail.csv.filename, content: mail.csv.content, contentType: 'text/csv; charset=utf-8' }] } : {}),
        },
        'firm',
      );
      return mail.count;
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
