import type { StatsDigestData } from '../../contracts/lead-event';
import type { Locale } from '../../contracts/locales';
import { escapeHtml } from '../../content/text';
import type { FiguresSource, LeadLine } from './store';
import { isoWeekName } from '../core/calendar';
import { STATS_COPY, type StatsCopy } from './copy';
import { type StatsReport, buildReport } from './report';
import { formatters } from './format';
import { type Table, reportTables, tableText } from './report-tables';

/**
 * The weekly digest the firm receives on Monday morning: a text part and an HTML part made of
 * tables only, with inline styles and no external resource (no image, no font, no stylesheet), so
 * Gmail, Outlook and Apple Mail show the same thing; the 8-week chart is a table of bars (cells
 * with a width and a background colour, which even Outlook's Word engine draws).
 */
export type DigestEmail = { subject: string; text: string; html: string };

/**
 * What keeps the e-mail a relay takes whatever the week held (a flood of leads: 300 of them made a
 * digest of more than 1 MB, refused for good with 552). It lists the week's first leads, then how
 * many more and the command that lists them all; a name or a company longer than a table's cell is
 * cut. Everything else is bounded already (five campaigns, eight weeks), so the whole message,
 * encoded as it is sent, stays under DIGEST_MAX_BYTES (digest.test.ts: 3,000 leads of the largest
 * size the form takes).
 */
export const DIGEST_LEADS_SHOWN = 50;
/** The most characters of a lead's name or company the digest shows (the form takes 120 and 160). */
export const DIGEST_FIELD_CHARS = 60;
/** The most the whole message weighs as the relay receives it (headers, both parts, encoded). */
export const DIGEST_MAX_BYTES = 200_000;

/**
 * The first day a new installation ran (YYYY-MM-DD in FIRM_TIME_ZONE), written with its first
 * look for a digest (figures/digest-schedule.ts): the digest of that week says it covers the days
 * since then.
 */
export const DIGEST_SINCE_SETTING = 'stats_digest_since';

const BAR_MAX_PX = 240;
export const BAR_COLOURS = { entries: '#2563eb', leads: '#059669' } as const;

const cell = 'padding:4px 10px 4px 0;text-align:left;vertical-align:top;border-bottom:1px solid #e5e7eb';
const numberCell = `${cell};text-align:right;white-space:nowrap`;
const heading = (text: string) => `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(text)}</h2>`;

/** A bar as mail clients draw it: a table cell of that width with a background colour. */
function barHtml(value: number, max: number, colour: string): string {
  const width = Math.round((value / max) * BAR_MAX_PX);
  if (width === 0) return '';
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:1px 0"><tr><td width="${width}" height="10" bgcolor="${colour}" style="width:${width}px;height:10px;background:${colour};font-size:0;line-height:0">&nbsp;</td></tr></table>`;
}

function tableHtml(table: Table): string {
  if (table.rows.length === 0) return `${heading(table.heading)}\n<p>${escapeHtml(table.empty ?? '')}</p>`;
  const chart = table.rows.some((row) => row.bar);
  const max = Math.max(1, ...table.rows.map((row) => row.bar?.entries ?? 0), ...table.rows.map((row) => row.bar?.leads ?? 0));
  const textual = table.kind === 'leads';
  const head = [...table.columns, ...(chart ? [''] : [])]
    .map((column, index) => `<th scope="col" style="${index === 0 || textual ? cell : numberCell}">${escapeHtml(column)}</th>`)
    .join('');
  const rows = table.rows.map((row) => {
    const cells = row.cells.map((value, index) =>
      index === 0
        ? `<th scope="row" style="${cell};font-weight:normal;white-space:nowrap">${escapeHtml(value)}</th>`
        : `<td style="${textual ? cell : numberCell}">${escapeHtml(value)}</td>`,
    );
    if (row.bar) cells.push(`<td style="${cell}">${barHtml(row.bar.entries, max, BAR_COLOURS.entries)}${barHtml(row.bar.leads, max, BAR_COLOURS.leads)}</td>`);
    return `<tr>${cells.join('')}</tr>`;
  });
  return [
    heading(table.heading),
    `<table cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;font-size:14px"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`,
    ...(table.note ? [`<p style="font-size:12px;color:#4b5563;margin:6px 0 0">${escapeHtml(table.note)}</p>`] : []),
  ].join('\n');
}

/** A name or company cut to DIGEST_FIELD_CHARS characters (as a reader counts them), ending in "…" when cut. */
export function shortened(value: string): string {
  const characters = [...value];
  return characters.length <= DIGEST_FIELD_CHARS ? value : `${characters.slice(0, DIGEST_FIELD_CHARS - 1).join('')}…`;
}

const shownLead = (lead: LeadLine): LeadLine => ({ ...lead, name: shortened(lead.name), company: lead.company === null ? null : shortened(lead.company) });

/**
 * The digest of `report`'s week; `since`, a day inside it, when the site started that day: its
 * first digest, of a partial week, says so.
 */
export function composeDigest(report: StatsReport, copy: StatsCopy, brand: string, since?: string): DigestEmail {
  const f = formatters(copy, report.timeZone);
  const { from, to } = report.period;
  const subject = since ? copy.digestSubjectSince(brand, f.day(since)) : copy.digestSubject(brand, f.day(from));
  const intro = since ? copy.digestIntroSince(f.day(since), f.day(to)) : copy.digestIntro(f.day(from), f.day(to));
  const more = report.leads.length - DIGEST_LEADS_SHOWN;
  const tables = reportTables({ ...report, leads: report.leads.slice(0, DIGEST_LEADS_SHOWN).map(shownLead) }, copy, f, { days: false }).map((table) =>
    table.kind === 'leads' && more > 0 ? { ...table, note: copy.digestMoreLeads(f.number(more), `atelier-ia stats --week ${isoWeekName(from)}`) } : table,
  );
  const text = [intro, '', ...tables.flatMap((table) => [tableText(table), '']), copy.privacyNote, '', copy.digestFooter, ''].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(copy.intlLocale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;line-height:1.4;color:#111827;background:#ffffff">',
    `<p style="margin:0 0 8px">${escapeHtml(intro)}</p>`,
    ...tables.map(tableHtml),
    `<p style="font-size:12px;color:#4b5563;margin-top:24px">${escapeHtml(copy.privacyNote)}</p>`,
    `<p style="font-size:12px;color:#4b5563">${escapeHtml(copy.digestFooter)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The digest of `week`, from the figures in the database, in the firm's language. */
export async function digestOf(
  store: FiguresSource,
  week: StatsDigestData,
  settings: { firmLocale: Locale; timeZone: string; brand: string },
): Promise<DigestEmail> {
  const report = await buildReport(store, week, settings.timeZone);
  // Installed during this week: nothing was counted before that day (a site that counted before is not recorded so).
  const since = await store.setting(DIGEST_SINCE_SETTING);
  const partial = since !== undefined && since > week.from && since <= week.to;
  return composeDigest(report, STATS_COPY[settings.firmLocale], settings.brand, partial ? since : undefined);
}
