import type { FirmLocale } from '../config';
import { escapeHtml } from '../delivery/email';
import type { StatsDigestData, Store } from '../store';
import { STATS_COPY, type StatsCopy } from './copy';
import { type Breakdown, type Metric, type StatsReport, buildReport } from './figures';
import { BREAKDOWN_COLUMNS, FUNNEL_EXTRA_AFTER, type Formatters, formatters } from './format';

/**
 * The weekly digest the firm receives on Monday morning: a text part and an HTML part made of
 * tables only, with inline styles and no external resource (no image, no font, no stylesheet), so
 * Gmail, Outlook and Apple Mail show the same thing; the 8-week chart is a table of bars (cells
 * with a width and a background colour, which even Outlook's Word engine draws).
 */
export type DigestEmail = { subject: string; text: string; html: string };

/** The breakdowns the digest shows (the campaigns only when there were some). */
const DIGEST_BREAKDOWNS: readonly Breakdown[] = ['locale', 'device', 'referrer', 'campaign'];
const BAR_MAX_PX = 240;
const BAR_COLOUR = '#2563eb';
const LEAD_COLOUR = '#059669';

type Row = { cells: string[]; bar?: { entries: number; leads: number; max: number } };
type Table = { heading: string; columns: string[]; rows: Row[]; note?: string };

/** The digest's sections, once, for both parts. */
function tables(report: StatsReport, copy: StatsCopy, f: Formatters): Table[] {
  const funnelRows: Row[] = [];
  for (const step of report.funnel) {
    funnelRows.push({ cells: [f.metric(step.metric), f.number(step.count), f.rate(step.rate), f.versus(step, 'previous'), f.versus(step, 'baseline')] });
    const extra = FUNNEL_EXTRA_AFTER[step.metric];
    if (extra) {
      const comparison = report.comparisons[extra];
      funnelRows.push({ cells: [f.metric(extra), f.number(comparison.count), copy.none, f.versus(comparison, 'previous'), f.versus(comparison, 'baseline')] });
    }
  }
  const result: Table[] = [
    {
      heading: copy.headings.funnel,
      columns: [copy.columns.step, copy.columns.count, copy.columns.rate, copy.columns.previous, copy.columns.baseline],
      rows: funnelRows,
      note: copy.funnelNote,
    },
  ];
  for (const by of DIGEST_BREAKDOWNS) {
    const slices = report.breakdowns[by].filter((slice) => BREAKDOWN_COLUMNS.some((metric) => slice.totals[metric] > 0));
    if (slices.length === 0) continue;
    result.push({
      heading: copy.headings.breakdowns[by],
      columns: ['', ...BREAKDOWN_COLUMNS.map((metric: Metric) => f.metric(metric))],
      rows: slices.map((slice) => ({ cells: [f.key(by, slice.key), ...BREAKDOWN_COLUMNS.map((metric) => f.number(slice.totals[metric]))] })),
    });
  }
  const max = Math.max(1, ...report.periods.map(({ totals }) => totals.entries));
  result.push({
    heading: copy.headings.chart,
    columns: [copy.columns.week, f.metric('entries'), f.metric('leads')],
    rows: report.periods.map(({ period, totals }) => ({
      cells: [f.shortDay(period.from), f.number(totals.entries), f.number(totals.leads)],
      bar: { entries: totals.entries, leads: totals.leads, max },
    })),
  });
  return result;
}

const cell = 'padding:4px 10px 4px 0;text-align:left;vertical-align:top;border-bottom:1px solid #e5e7eb';
const numberCell = `${cell};text-align:right;white-space:nowrap`;

/** A bar as mail clients draw it: a table cell of that width with a background colour. */
function barHtml(value: number, max: number, colour: string): string {
  const width = Math.round((value / max) * BAR_MAX_PX);
  if (width === 0) return '';
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse"><tr><td width="${width}" height="10" bgcolor="${colour}" style="width:${width}px;height:10px;background:${colour};font-size:0;line-height:0">&nbsp;</td></tr></table>`;
}

function tableHtml(table: Table): string {
  const chart = table.rows.some((row) => row.bar);
  const head = [...table.columns, ...(chart ? [''] : [])]
    .map((column, index) => `<th scope="col" style="${index === 0 ? cell : numberCell}">${escapeHtml(column)}</th>`)
    .join('');
  const rows = table.rows.map((row) => {
    const cells = row.cells.map((value, index) => (index === 0 ? `<th scope="row" style="${cell};font-weight:normal">` : `<td style="${numberCell}">`) + escapeHtml(value) + (index === 0 ? '</th>' : '</td>'));
    if (row.bar) cells.push(`<td style="${cell}">${barHtml(row.bar.entries, row.bar.max, BAR_COLOUR)}${barHtml(row.bar.leads, row.bar.max, LEAD_COLOUR)}</td>`);
    return `<tr>${cells.join('')}</tr>`;
  });
  return [
    `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(table.heading)}</h2>`,
    `<table role="table" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;font-size:14px"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`,
    ...(table.note ? [`<p style="font-size:12px;color:#4b5563;margin:6px 0 0">${escapeHtml(table.note)}</p>`] : []),
  ].join('\n');
}

function tableText(table: Table): string {
  const widths = table.columns.map((column, index) => Math.max(column.length, ...table.rows.map((row) => row.cells[index]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((value, index) => (index === 0 ? value.padEnd(widths[index]!) : value.padStart(widths[index]!))).join('  ').trimEnd();
  return [table.heading, '', line(table.columns), ...table.rows.map((row) => line(row.cells)), ...(table.note ? ['', table.note] : [])].join('\n');
}

export function composeDigest(report: StatsReport, copy: StatsCopy, brand: string): DigestEmail {
  const f = formatters(copy, report.timeZone);
  const { from, to } = report.period;
  const subject = copy.digestSubject(brand, f.day(from));
  const intro = copy.digestIntro(f.day(from), f.day(to));
  const sections = tables(report, copy, f);
  const leads = report.leads.map((lead) => [f.moment(lead.createdAt), lead.name, lead.company ?? '', copy.values.source[lead.source]]);
  const leadsTable: Table = {
    heading: copy.headings.leads,
    columns: [copy.columns.name, copy.columns.company, copy.columns.source, copy.columns.received],
    rows: leads.map(([received, name, company, source]) => ({ cells: [name!, company!, source!, received!] })),
  };
  // The leads come after the funnel and before the breakdowns: the part the firm acts on.
  const ordered = [sections[0]!, leadsTable, ...sections.slice(1)];

  const text = [
    intro,
    '',
    ...ordered.flatMap((table) => [table.rows.length === 0 ? `${table.heading}\n\n${copy.noLeads}` : tableText(table), '']),
    copy.privacyNote,
    '',
    copy.digestFooter,
    '',
  ].join('\n');

  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(copy.intlLocale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;line-height:1.4;color:#111827;background:#ffffff">',
    `<p style="margin:0 0 8px">${escapeHtml(intro)}</p>`,
    ...ordered.map((table) =>
      table.rows.length === 0 ? `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(table.heading)}</h2><p>${escapeHtml(copy.noLeads)}</p>` : tableHtml(table),
    ),
    `<p style="font-size:12px;color:#4b5563;margin-top:24px">${escapeHtml(copy.privacyNote)}</p>`,
    `<p style="font-size:12px;color:#4b5563">${escapeHtml(copy.digestFooter)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The digest of `week`, from the figures in the database, in the firm's language. */
export async function digestOf(store: Store, week: StatsDigestData, settings: { firmLocale: FirmLocale; timeZone: string; brand: string }): Promise<DigestEmail> {
  const report = await buildReport(store, week, settings.timeZone);
  return composeDigest(report, STATS_COPY[settings.firmLocale], settings.brand);
}
