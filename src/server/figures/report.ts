import { type StatsEvent, VIEW_EVENTS } from '../../contracts/stats';
import type { StatsRow } from './repository';
import type { CallLine, FiguresSource, LeadLine } from './store';
import { type Period, addDays, dayOf, daysBetween, startOfDay } from '../core/calendar';

/**
 * The firm's figures for a period, as the weekly digest, `npm run stats` and its HTML report show
 * them: one computation, three renderings (./digest.ts, ./report-html.ts, scripts/stats.ts).
 */

/** Every figure, in the order the tables show them. */
export const METRICS = [
  'views',
  'entries',
  'view_home',
  'view_privacy',
  'view_404',
  'demo_seen',
  'call_pressed',
  'calls_started',
  'call_minutes',
  'demo_cost',
  'calls_without_cost',
  'calls_with_callback',
  'form_started',
  'form_sent',
  'voice_lead',
  'leads',
  'newsletter_asked',
  'newsletter_confirmed',
] as const;
export type Metric = (typeof METRICS)[number];
/**
 * Each figure of a period, a day or a slice. `demo_cost` is what Vapi billed for the demo's calls,
 * in US dollars as it bills them, summed over the calls whose cost is known; `calls_without_cost`
 * counts the others (a call not settled yet, or whose cost Vapi never gave).
 */
export type Totals = Record<Metric, number>;

/**
 * The funnel: each step, and the step its rate is taken of (a visit sees the demo, presses "Call
 * Me", the call starts, ends with a callback request; or it starts the form and sends it; or it
 * asks for the newsletter and confirms). Entries are the visits, estimated without knowing anyone.
 */
export const FUNNEL: ReadonlyArray<{ metric: Metric; of?: Metric }> = [
  { metric: 'entries' },
  { metric: 'demo_seen', of: 'entries' },
  { metric: 'call_pressed', of: 'demo_seen' },
  { metric: 'calls_started', of: 'call_pressed' },
  { metric: 'calls_with_callback', of: 'calls_started' },
  { metric: 'form_started', of: 'entries' },
  { metric: 'form_sent', of: 'form_started' },
  { metric: 'newsletter_asked', of: 'entries' },
  { metric: 'newsletter_confirmed', of: 'newsletter_asked' },
  { metric: 'leads', of: 'entries' },
];

/** The dimensions a figure can be broken down by ('' in a row: not known, e.g. the device of a lead). */
export const BREAKDOWNS = ['locale', 'device', 'referrer', 'campaign'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** How many campaigns the tables list (the rest are summed in the last line). */
export const TOP_CAMPAIGNS = 5;

export type Comparison = { count: number; previous: number; baseline: number };
export type FunnelStep = Comparison & { metric: Metric; of: Metric | undefined; rate: number | null };
export type Slice = { key: string; totals: Totals };

export type StatsReport = {
  period: Period;
  timeZone: string;
  totals: Totals;
  /** Each step with its rate, against the period before (`previous`) and the mean of the four before (`baseline`). */
  funnel: FunnelStep[];
  /** Every metric compared the same way. */
  comparisons: Record<Metric, Comparison>;
  breakdowns: Record<Breakdown, Slice[]>;
  /** This period and the seven before it, oldest first (the digest's 8 weeks). */
  periods: Array<{ period: Period; totals: Totals }>;
  /** Each day of the period. */
  days: Array<{ day: string; totals: Totals }>;
  /** The period's leads: who, from where. */
  leads: LeadLine[];
};

const zero = (): Totals => Object.fromEntries(METRICS.map((metric) => [metric, 0])) as Totals;
const VIEWS = new Set<StatsEvent>(VIEW_EVENTS);

/** Decimals a figure keeps once summed or averaged: one, but cents and their fractions for the cost (Vapi bills fractions of a cent). */
const DECIMALS: Partial<Record<Metric, number>> = { demo_cost: 4 };
function rounded(metric: Metric, value: number): number {
  const scale = 10 ** (DECIMALS[metric] ?? 1);
  return Math.round(value * scale) / scale;
}

/** Adds counter rows and calls into totals (entries: the views whose referrer is not this site). */
function accumulate(totals: Totals, rows: readonly StatsRow[], calls: readonly CallLine[]): Totals {
  for (const row of rows) {
    if (!(row.event in totals)) continue;
    totals[row.event] += row.count;
    if (VIEWS.has(row.event)) {
      totals.views += row.count;
      if (row.referrer !== 'self') totals.entries += row.count;
    }
    if (row.event === 'form_sent' || row.event === 'voice_lead') totals.leads += row.count;
  }
  for (const call of calls) {
    totals.calls_started += 1;
    totals.call_minutes += (call.seconds ?? 0) / 60;
    if (call.cost === null) totals.calls_without_cost += 1;
    else totals.demo_cost += call.cost;
    if (call.callback) totals.calls_with_callback += 1;
  }
  totals.call_minutes = rounded('call_minutes', totals.call_minutes);
  totals.demo_cost = rounded('demo_cost', totals.demo_cost);
  return totals;
}

/** What a call is known by in each breakdown: its language; nothing else of the page that started it. */
const callKey = (call: CallLine, by: Breakdown) => (by === 'locale' ? (call.locale ?? '') : '');

function slices(rows: readonly StatsRow[], calls: readonly CallLine[], by: Breakdown): Slice[] {
  const keys = new Set([...rows.map((row) => row[by]), ...calls.map((call) => callKey(call, by))]);
  const all = [...keys].map((key) => ({
    key,
    totals: accumulate(
      zero(),
      rows.filter((row) => row[by] === key),
      calls.filter((call) => callKey(call, by) === key),
    ),
  }));
  // The most entries first; what is not known last.
  all.sort(
    (a, b) =>
      Number(a.key === '') - Number(b.key === '') || b.totals.entries - a.totals.entries || b.totals.leads - a.totals.leads || a.key.localeCompare(b.key),
  );
  if (by !== 'campaign') return all;
  const named = all.filter((slice) => slice.key !== '');
  if (named.length <= TOP_CAMPAIGNS) return named;
  const rest = named.slice(TOP_CAMPAIGNS);
  return [...named.slice(0, TOP_CAMPAIGNS), { key: '*', totals: rest.reduce((sum, slice) => addTotals(sum, slice.totals), zero()) }];
}

function addTotals(sum: Totals, more: Totals): Totals {
  for (const metric of METRICS) sum[metric] += more[metric];
  return sum;
}

const within = (day: string, period: Period) => day >= period.from && day <= period.to;

/** How many days the period holds. */
export const daysIn = (period: Period): number => daysBetween(period.from, period.to) + 1;

/** The period `index` periods before `period` (of the same length). */
export function periodBefore(period: Period, index: number): Period {
  const length = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -length * index), to: addDays(period.to, -length * index) };
}

/** Reads what the report needs from the store: the counters and calls of the period and the seven before it, and the period's leads. */
export async function buildReport(store: FiguresSource, period: Period, timeZone: string): Promise<StatsReport> {
  const earliest = periodBefore(period, 7);
  const rows = await store.statsRows(earliest.from, period.to);
  const end = startOfDay(addDays(period.to, 1), timeZone);
  const calls = await store.callsBetween(startOfDay(earliest.from, timeZone), end);
  const leads = await store.leadsBetween(startOfDay(period.from, timeZone), end);
  return reportOf(
    period,
    timeZone,
    rows,
    calls.map((call) => ({ ...call, day: dayOf(new Date(call.startedAt), timeZone) })),
    leads,
  );
}

type DatedCall = CallLine & { day: string };

export function reportOf(period: Period, timeZone: string, rows: readonly StatsRow[], calls: readonly DatedCall[], leads: LeadLine[]): StatsReport {
  const of = (p: Period) => ({
    rows: rows.filter((row) => within(row.day, p)),
    calls: calls.filter((call) => within(call.day, p)),
  });
  const current = of(period);
  const totals = accumulate(zero(), current.rows, current.calls);
  const periods = [7, 6, 5, 4, 3, 2, 1, 0].map((index) => {
    const p = periodBefore(period, index);
    const part = of(p);
    return { period: p, totals: accumulate(zero(), part.rows, part.calls) };
  });
  const before = (index: number) => periods[7 - index]!.totals;
  const comparisons = Object.fromEntries(
    METRICS.map((metric) => {
      const baseline = [1, 2, 3, 4].reduce((sum, index) => sum + before(index)[metric], 0) / 4;
      return [metric, { count: totals[metric], previous: before(1)[metric], baseline: rounded(metric, baseline) }];
    }),
  ) as Record<Metric, Comparison>;
  const days = Array.from({ length: daysBetween(period.from, period.to) + 1 }, (_, index) => {
    const day = addDays(period.from, index);
    return {
      day,
      totals: accumulate(
        zero(),
        current.rows.filter((row) => row.day === day),
        current.calls.filter((call) => call.day === day),
      ),
    };
  });
  return {
    period,
    timeZone,
    totals,
    funnel: FUNNEL.map(({ metric, of: base }) => ({
      metric,
      of: base,
      ...comparisons[metric],
      rate: base === undefined ? null : totals[base] === 0 ? null : totals[metric] / totals[base],
    })),
    comparisons,
    breakdowns: Object.fromEntries(BREAKDOWNS.map((by) => [by, slices(current.rows, current.calls, by)])) as Record<Breakdown, Slice[]>,
    periods,
    days,
    leads,
  };
}

/** The change from `before` to `now`, as a fraction (null when there was nothing before). */
export function change(now: number, before: number): number | null {
  return before === 0 ? null : (now - before) / before;
}
