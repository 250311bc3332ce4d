import type { SendMailOptions, Transporter } from 'nodemailer';
import type { NotificationConfig } from '../core/config';
import { maskEmails } from '../core/logger';
import type { NewsletterConfirmationData, StatsDigestData } from '../../contracts/lead-event';
import { NOTIFICATION_COPY } from './copy';
import { composeLeadEmail } from './lead-email';
import { PermanentRefusalError, type Sender } from './sender';
import { carriesTogether, composeTogetherEmail } from './together-email';

/**
 * The e-mail channel's Sender: each event's message (lead-email.ts, together-email.ts, the
 * newsletter's confirmation, the weekly digest) sent through SMTP, and the relay's refusals sorted
 * into what is retried and what is not.
 */

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
} & Letters;

/** An e-mail another capability writes, as the outbox sends it. */
export type Letter = { subject: string; text: string; html: string };

/**
 * The e-mails the outbox sends for other capabilities, each written when it is sent (a retry
 * writes it again): given by app.ts, which knows them all.
 */
export type Letters = {
  /** The newsletter's confirmation of a pending sign-up, with its signed link (src/server/newsletter/confirm-email.ts). */
  confirmation: (data: NewsletterConfirmationData) => Promise<Letter>;
  /** The weekly digest of a week, from the figures in the database (src/server/figures/digest.ts). */
  digest: (week: StatsDigestData) => Promise<Letter>;
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
        // Queued for the webhook only (outbox/email-state.ts): e-mail is what is failing.
        throw new Error(`${event.type} is not sent by e-mail`);
      } else if (event.type === 'newsletter.confirmation') {
        const mail = await options.confirmation(event.data);
        message = { to: event.data.email, subject: mail.subject, text: mail.text, html: mail.html, headers: automatic };
      } else if (event.type === 'stats.digest') {
        const mail = await options.digest(event.data);
        message = { to: settings.to, subject: mail.subject, text: mail.text, html: mail.html, headers: automatic };
      } else {
        const mail = await composeLeadEmail(event, copy, options.timeZone);
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
      const mail = await composeTogetherEmail(leads, copy, options.timeZone);
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
