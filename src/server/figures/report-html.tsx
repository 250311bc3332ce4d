import { renderHtmlDocument } from '../core/html';
import type { StatsCopy } from './copy';
import { BAR_COLOURS } from './digest-html';
import type { StatsReport } from './report';
import { formatters } from './format';
import { type Table, reportTables } from './report-tables';
import { TableRows } from './table-rows';

/**
 * The `stats --html FILE` report: one file the firm can keep or forward, with its charts drawn
 * in inline SVG and its styles inline. It loads nothing when opened: its own
 * Content-Security-Policy forbids every fetch (default-src 'none'), so even a later edit that
 * added a link to an outside resource would stay offline.
 */

const CHART = { width: 720, height: 200, left: 44, bottom: 28, top: 12 } as const;

const STYLE = [
  '',
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111827;line-height:1.45}',
  'h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}',
  'th,td{padding:.3rem .8rem .3rem 0;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}th[scope=row]{font-weight:normal;white-space:nowrap}.n{text-align:right;white-space:nowrap}',
  '.note{font-size:.8rem;color:#4b5563}figure{margin:.5rem 0}figcaption{font-size:.8rem;color:#374151}.key{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 .8rem;vertical-align:-.1rem}',
  '@media print{body{margin:0}section{break-inside:avoid}}',
  '',
].join('\n');

type Legend = { entries: string; leads: string };
type Point = { label: string; entries: number; leads: number };

/** The report of `report`'s period, as a whole document. */
export async function reportHtml(report: StatsReport, copy: StatsCopy, brand: string): Promise<string> {
  const f = formatters(copy, report.timeZone);
  const title = copy.reportTitle(brand, f.day(report.period.from), f.day(report.period.to));
  const legend = { entries: f.column('entries'), leads: f.column('leads') };
  const sections = reportTables(report, copy, f, { days: true }).map((table) => ({
    table,
    // The periods and the days are charted too: each row's bars, labelled by its first cell (a day shortened).
    points:
      table.kind === 'periods' || table.kind === 'days'
        ? table.rows.map((row) => ({
            label: table.kind === 'days' ? f.shortDay(row.cells[0]!) : row.cells[0]!,
            entries: row.bar!.entries,
            leads: row.bar!.leads,
          }))
        : undefined,
  }));
  const html = await renderHtmlDocument(
    <html lang={copy.intlLocale}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        {'\n'}
        <h1>{title}</h1>
        {sections.map(({ table, points }, index) => (
          <Section key={index} table={table} points={points} legend={legend} />
        ))}
        {'\n'}
        <p className="note">{copy.privacyNote}</p>
        {'\n'}
      </body>
    </html>,
  );
  return `${html}\n`;
}

function Section({ table, points, legend }: { table: Table; points: Point[] | undefined; legend: Legend }) {
  return (
    <>
      {'\n'}
      <section>
        <h2>{table.heading}</h2>
        {points ? <BarChart title={table.heading} points={points} legend={legend} /> : null}
        <ReportTable table={table} />
      </section>
    </>
  );
}

function ReportTable({ table }: { table: Table }) {
  if (table.rows.length === 0) return <p>{table.empty ?? ''}</p>;
  const numbers = table.kind === 'leads' ? undefined : 'n';
  return (
    <>
      <table>
        <TableRows
          table={table}
          columns={table.columns}
          look={{ column: (index) => ({ className: index === 0 ? undefined : numbers }), rowHeader: {}, value: { className: numbers } }}
        />
      </table>
      {table.note ? <p className="note">{table.note}</p> : null}
    </>
  );
}

/** Grouped bars (visits, leads) per label, with a scale on the left; the table beside it gives the same numbers. */
function BarChart({ title, points, legend }: { title: string; points: readonly Point[]; legend: Legend }) {
  const max = Math.max(1, ...points.map((point) => Math.max(point.entries, point.leads)));
  const plotWidth = CHART.width - CHART.left - 8;
  const plotHeight = CHART.height - CHART.bottom - CHART.top;
  const slot = plotWidth / Math.max(1, points.length);
  const bar = Math.max(1, Math.min(18, (slot - 4) / 2));
  const y = (value: number) => CHART.top + plotHeight - (value / max) * plotHeight;
  const ticks = [0, 0.5, 1].map((share) => Math.round(max * share));
  // Every label when they fit, else about ten of them.
  const labelEvery = Math.max(1, Math.ceil(points.length / 10));
  const rect = (value: number, x: number, colour: string, key: string) =>
    value > 0 ? (
      <rect key={key} x={x.toFixed(1)} y={y(value).toFixed(1)} width={bar.toFixed(1)} height={(CHART.top + plotHeight - y(value)).toFixed(1)} fill={colour} />
    ) : null;
  return (
    <figure>
      <svg
        role="img"
        aria-label={title}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        width="100%"
        style={{ maxWidth: `${CHART.width}px` }}
        fontSize="11"
        fill="#374151"
      >
        <title>{title}</title>
        {ticks.flatMap((tick, index) => [
          <line key={`line${index}`} x1={CHART.left} x2={CHART.width - 8} y1={y(tick).toFixed(1)} y2={y(tick).toFixed(1)} stroke="#e5e7eb" />,
          <text key={`tick${index}`} x={CHART.left - 6} y={(y(tick) + 4).toFixed(1)} textAnchor="end">
            {tick}
          </text>,
        ])}
        {points.flatMap((point, index) => {
          const x = CHART.left + index * slot + (slot - 2 * bar) / 2;
          return [
            rect(point.entries, x, BAR_COLOURS.entries, `entries${index}`),
            rect(point.leads, x + bar, BAR_COLOURS.leads, `leads${index}`),
            index % labelEvery === 0 ? (
              <text key={`label${index}`} x={(x + bar).toFixed(1)} y={CHART.height - 10} textAnchor="middle">
                {point.label}
              </text>
            ) : null,
          ];
        })}
      </svg>
      <figcaption>
        <span className="key" style={{ background: BAR_COLOURS.entries }} />
        {`${legend.entries} `}
        <span className="key" style={{ background: BAR_COLOURS.leads }} />
        {legend.leads}
      </figcaption>
    </figure>
  );
}
