import { escapeHtml } from '../../content/text';
import type { StatsCopy } from './copy';
import { BAR_COLOURS } from './digest';
import type { StatsReport } from './report';
import { formatters } from './format';
import { type Table, reportTables } from './report-tables';

/**
 * The `stats --html FILE` report: one file the firm can keep or forward, with its charts drawn
 * in inline SVG and its styles inline. It loads nothing when opened: its own
 * Content-Security-Policy forbids every fetch (default-src 'none'), so even a later edit that
 * added a link to an outside resource would stay offline.
 */

const CHART = { width: 720, height: 200, left: 44, bottom: 28, top: 12 } as const;

/** Grouped bars (visits, leads) per label, with a scale on the left; the table beside it gives the same numbers. */
function barChart(title: string, points: ReadonlyArray<{ label: string; entries: number; leads: number }>, legend: { entries: string; leads: string }): string {
  const max = Math.max(1, ...points.map((point) => Math.max(point.entries, point.leads)));
  const plotWidth = CHART.width - CHART.left - 8;
  const plotHeight = CHART.height - CHART.bottom - CHART.top;
  const slot = plotWidth / Math.max(1, points.length);
  const bar = Math.max(1, Math.min(18, (slot - 4) / 2));
  const y = (value: number) => CHART.top + plotHeight - (value / max) * plotHeight;
  const ticks = [0, 0.5, 1].map((share) => Math.round(max * share));
  // Every label when they fit, else about ten of them.
  const labelEvery = Math.max(1, Math.ceil(points.length / 10));
  const parts = [
    ...ticks.map(
      (tick) =>
        `<line x1="${CHART.left}" x2="${CHART.width - 8}" y1="${y(tick).toFixed(1)}" y2="${y(tick).toFixed(1)}" stroke="#e5e7eb"/><text x="${CHART.left - 6}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${tick}</text>`,
    ),
    ...points.map((point, index) => {
      const x = CHART.left + index * slot + (slot - 2 * bar) / 2;
      const rect = (value: number, offset: number, colour: string) =>
        value > 0
          ? `<rect x="${(x + offset).toFixed(1)}" y="${y(value).toFixed(1)}" width="${bar.toFixed(1)}" height="${(CHART.top + plotHeight - y(value)).toFixed(1)}" fill="${colour}"/>`
          : '';
      const label =
        index % labelEvery === 0 ? `<text x="${(x + bar).toFixed(1)}" y="${CHART.height - 10}" text-anchor="middle">${escapeHtml(point.label)}</text>` : '';
      return rect(point.entries, 0, BAR_COLOURS.entries) + rect(point.leads, bar, BAR_COLOURS.leads) + label;
    }),
  ];
  return [
    `<figure><svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${CHART.width} ${CHART.height}" width="100%" style="max-width:${CHART.width}px" font-size="11" fill="#374151"><title>${escapeHtml(title)}</title>${parts.join('')}</svg>`,
    `<figcaption><span class="key" style="background:${BAR_COLOURS.entries}"></span>${escapeHtml(legend.entries)} <span class="key" style="background:${BAR_COLOURS.leads}"></span>${escapeHtml(legend.leads)}</figcaption></figure>`,
  ].join('');
}

function tableHtml(table: Table): string {
  if (table.rows.length === 0) return `<p>${escapeHtml(table.empty ?? '')}</p>`;
  const textual = table.kind === 'leads';
  const head = table.columns.map((column, index) => `<th scope="col"${index === 0 || textual ? '' : ' class="n"'}>${escapeHtml(column)}</th>`).join('');
  const rows = table.rows.map(
    (row) =>
      `<tr>${row.cells.map((value, index) => (index === 0 ? `<th scope="row">${escapeHtml(value)}</th>` : `<td${textual ? '' : ' class="n"'}>${escapeHtml(value)}</td>`)).join('')}</tr>`,
  );
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>${table.note ? `<p class="note">${escapeHtml(table.note)}</p>` : ''}`;
}

export function reportHtml(report: StatsReport, copy: StatsCopy, brand: string): string {
  const f = formatters(copy, report.timeZone);
  const title = copy.reportTitle(brand, f.day(report.period.from), f.day(report.period.to));
  const legend = { entries: f.column('entries'), leads: f.column('leads') };
  const sections = reportTables(report, copy, f, { days: true }).map((table) => {
    const chart =
      table.kind === 'periods' || table.kind === 'days'
        ? barChart(
            table.heading,
            table.rows.map((row) => ({
              label: table.kind === 'days' ? f.shortDay(row.cells[0]!) : row.cells[0]!,
              entries: row.bar!.entries,
              leads: row.bar!.leads,
            })),
            legend,
          )
        : '';
    return `<section><h2>${escapeHtml(table.heading)}</h2>${chart}${tableHtml(table)}</section>`;
  });
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(copy.intlLocale)}"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>',
    'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111827;line-height:1.45}',
    'h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}',
    'th,td{padding:.3rem .8rem .3rem 0;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}th[scope=row]{font-weight:normal;white-space:nowrap}.n{text-align:right;white-space:nowrap}',
    '.note{font-size:.8rem;color:#4b5563}figure{margin:.5rem 0}figcaption{font-size:.8rem;color:#374151}.key{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 .8rem;vertical-align:-.1rem}',
    '@media print{body{margin:0}section{break-inside:avoid}}',
    '</style></head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    ...sections,
    `<p class="note">${escapeHtml(copy.privacyNote)}</p>`,
    '</body></html>',
    '',
  ].join('\n');
}
