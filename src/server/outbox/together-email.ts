import { toCsv } from '../core/csv';
import type { NotificationCopy } from './copy';
import { type FirmEvent, type LeadEmail, asShown, partsOf, receivedAtOf, textOf } from './lead-email';
import { togetherEmailHtml } from './together-email-html';

/**
 * The firm's e-mail carrying several leads at once (the delivery worker's last e-mail of a minute):
 * which events it may carry, its sizes, and its composition from each lead's parts (lead-email.ts).
 */

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
export async function composeTogetherEmail(
  events: readonly TogetherEvent[],
  copy: NotificationCopy,
  timeZone: string,
  now: Date = new Date(),
): Promise<TogetherEmail> {
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
  const html = await togetherEmailHtml({ subject, intro, leads: sections }, copy);
  return { subject, text, html, count: carried, csv };
}
