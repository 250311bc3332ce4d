import type { StatsCopy } from './copy';
import { type Breakdown, type Metric, type StatsReport, daysIn } from './report';
import { BREAKDOWN_COLUMNS, DAY_COLUMNS, FUNNEL_EXTRA_AFTER, type Formatters } from './format';

/**
 * The report as tables, once, for every rendering: the digest's e-mail (./digest.ts), the HTML
 * report (./report-html.ts) and the terminal (scripts/stats.ts).
 */
export type Row = { cells: string[]; bar?: { entries: number; leads: number } };
export type Table = {
  kind: 'funnel' | 'leads' | 'breakdown' | 'periods' | 'days';
  heading: string;
  columns: string[];
  rows: Row[];
  note?: string;
  empty?: string;
};

export function reportTables(report: StatsReport, copy: StatsCopy, f: Formatters, options: { days: boolean }): Table[] {
  const weekly = daysIn(report.period) === 7;
  const previous = weekly ? copy.columns.previous : copy.columns.previousPeriod;
  const baseline = weekly ? copy.columns.baseline : copy.columns.baselinePeriods;
  const funnelRows: Row[] = [];
  const compared = (metric: Metric, rate: string) => {
    const comparison = report.comparisons[metric];
    return {
      cells: [f.metric(metric), f.figure(metric, report.totals), rate, f.versus(metric, comparison, 'previous'), f.versus(metric, comparison, 'baseline')],
    };
  };
  for (const step of report.funnel) {
    funnelRows.push(compared(step.metric, f.rate(step.rate)));
    for (const extra of FUNNEL_EXTRA_AFTER[step.metric] ?? []) funnelRows.push(compared(extra, copy.none));
  }
  const tables: Table[] = [
    {
      kind: 'funnel',
      heading: copy.headings.funnel,
      columns: [copy.columns.step, copy.columns.count, copy.columns.rate, previous, baseline],
      rows: funnelRows,
      note: report.totals.calls_without_cost > 0 ? `${copy.funnelNote} ${copy.costNotKnownNote}` : copy.funnelNote,
    },
    {
      kind: 'leads',
      heading: weekly ? copy.headings.leads : copy.headings.leadsOfPeriod,
      columns: [copy.columns.name, copy.columns.company, copy.columns.source, copy.columns.received],
      rows: report.leads.map((lead) => ({ cells: [lead.name, lead.company ?? '', copy.values.source[lead.source], f.moment(lead.createdAt)] })),
      empty: copy.noLeads,
    },
  ];
  for (const by of Object.keys(report.breakdowns) as Breakdown[]) {
    const slices = report.breakdowns[by].filter((slice) => BREAKDOWN_COLUMNS.some((metric) => slice.totals[metric] > 0));
    if (slices.length === 0) continue;
    tables.push({
      kind: 'breakdown',
      heading: copy.headings.breakdowns[by],
      columns: ['', ...BREAKDOWN_COLUMNS.map((metric: Metric) => f.column(metric))],
      rows: slices.map((slice) => ({ cells: [f.key(by, slice.key), ...BREAKDOWN_COLUMNS.map((metric) => f.figure(metric, slice.totals))] })),
    });
  }
  tables.push({
    kind: 'periods',
    heading: weekly ? copy.headings.chart : copy.headings.chartOfPeriods,
    columns: [weekly ? copy.columns.week : copy.columns.period, f.column('entries'), f.column('leads')],
    rows: report.periods.map(({ period, totals }) => ({
      cells: [weekly ? f.shortDay(period.from) : `${f.shortDay(period.from)} – ${f.shortDay(period.to)}`, f.number(totals.entries), f.number(totals.leads)],
      bar: { entries: totals.entries, leads: totals.leads },
    })),
  });
  if (options.days)
    tables.push({
      kind: 'days',
      heading: copy.headings.days,
      columns: [copy.columns.day, ...DAY_COLUMNS.map((metric) => f.column(metric))],
      rows: report.days.map(({ day, totals }) => ({
        cells: [day, ...DAY_COLUMNS.map((metric) => f.figure(metric, totals))],
        bar: { entries: totals.entries, leads: totals.leads },
      })),
    });
  return tables;
}

/** Characters as a terminal counts them (accents are one, whatever their UTF-16 length). */
const width = (text: string) => [...text].length;

/** A table as plain text: columns padded, numbers right-aligned. */
export function tableText(table: Table): string {
  if (table.rows.length === 0) return `${table.heading}\n\n${table.empty ?? ''}`;
  const widths = table.columns.map((column, index) => Math.max(width(column), ...table.rows.map((row) => width(row.cells[index] ?? ''))));
  const pad = (value: string, index: number) => {
    const fill = ' '.repeat(widths[index]! - width(value));
    return index === 0 || table.kind === 'leads' ? value + fill : fill + value;
  };
  const line = (cells: string[]) => cells.map(pad).join('  ').trimEnd();
  return [table.heading, '', line(table.columns), ...table.rows.map((row) => line(row.cells)), ...(table.note ? ['', table.note] : [])].join('\n');
}
