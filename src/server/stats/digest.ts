import type { StatsDigestData } from '../../contracts/lead-event';
import type { Locale } from '../../contracts/locales';
import { escapeHtml } from '../../content/text';
import type { Store } from '../store';
import { STATS_COPY, type StatsCopy } from './copy';
import { type StatsReport, buildReport } from './figures';
import { formatters } from './format';
import { type Table, reportTables, tableText } from './tables';

/**
 * The weekly digest the firm receives on Monday morning: a text part and an HTML part made of
 * tables only, with inline styles and no external resource (no image, no font, no stylesheet), so
 * Gmail, Outlook and Apple Mail show the same thing; the 8-week chart is a table of bars (cells
 * with a width and a background colour, which even Outlook's Word engine draws).
 */
export type DigestEmail = { subject: string; text: string; html: string };

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

export function composeDigest(report: StatsReport, copy: StatsCopy, brand: string): DigestEmail {
  const f = formatters(copy, report.timeZone);
  const { from, to } = report.period;
  const subject = copy.digestSubject(brand, f.day(from));
  const intro = copy.digestIntro(f.day(from), f.day(to));
  const tables = reportTables(report, copy, f, { days: false });
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
export async function digestOf(store: Store, week: StatsDigestData, settings: { firmLocale: Locale; timeZone: string; brand: string }): Promise<DigestEmail> {
  const report = await buildReport(store, week, settings.timeZone);
  return composeDigest(report, STATS_COPY[settings.firmLocale], settings.brand);
}
