import { DEVICES, REFERRERS } from '../../contracts/stats';
import { OTHER_CAMPAIGNS } from './repository';
import type { StatsCopy } from './copy';
import { type Breakdown, type Comparison, type Metric, type Totals, change } from './report';

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** The currency of the demo's cost: Vapi bills in US dollars, and the figures keep its amounts as they are. */
const COST_CURRENCY = 'USD';

/** How the figures read in each rendering (digest, terminal, HTML report), in the firm's language. */
export function formatters(copy: StatsCopy, timeZone: string) {
  const number = new Intl.NumberFormat(copy.intlLocale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(copy.intlLocale, { style: 'percent', maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(copy.intlLocale, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const longDay = new Intl.DateTimeFormat(copy.intlLocale, { dateStyle: 'long', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(copy.intlLocale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const moment = new Intl.DateTimeFormat(copy.intlLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  // "US$1.23", "1,23 $ US".
  const money = new Intl.NumberFormat(copy.intlLocale, { style: 'currency', currency: COST_CURRENCY });
  const formatted = (metric: Metric, amount: number) => (metric === 'demo_cost' ? money.format(amount) : number.format(amount));
  return {
    number: (value: number) => number.format(value),
    /** A figure of these totals: the cost as money, after "≥" when the cost of some of their calls is not known. */
    figure: (metric: Metric, totals: Totals) =>
      metric === 'demo_cost' && totals.calls_without_cost > 0 ? `≥\u00a0${formatted(metric, totals[metric])}` : formatted(metric, totals[metric]),
    /** A rate, or the stand-in when the step it is taken of is zero. */
    rate: (value: number | null) => (value === null ? copy.none : percent.format(value)),
    /** "12 (+20 %)": a figure before, and how much the current one differs from it. */
    versus: (metric: Metric, comparison: Comparison, which: 'previous' | 'baseline') => {
      const before = comparison[which];
      const delta = change(comparison.count, before);
      return `${formatted(metric, before)} (${delta === null ? copy.none : signed.format(delta)})`;
    },
    day: (day: string) => longDay.format(asDate(day)),
    shortDay: (day: string) => shortDay.format(asDate(day)),
    moment: (iso: string) => moment.format(new Date(iso)),
    metric: (metric: Metric) => copy.metrics[metric],
    /** A figure's name at the head of a column. */
    column: (metric: Metric) => copy.columnNames[metric] ?? copy.metrics[metric],
    /** What a breakdown's key is called ('' is not known; '*' the campaigns past the day's cap). */
    key: (by: Breakdown, key: string) => keyLabel(copy, by, key),
  };
}

export type Formatters = ReturnType<typeof formatters>;

function keyLabel(copy: StatsCopy, by: Breakdown, key: string): string {
  if (key === '') return copy.values.unknown;
  if (by === 'locale' && (key === 'fr' || key === 'en')) return copy.values.locale[key];
  if (by === 'device' && (DEVICES as readonly string[]).includes(key)) return copy.values.device[key as (typeof DEVICES)[number]];
  if (by === 'referrer' && (REFERRERS as readonly string[]).includes(key)) return copy.values.referrer[key as (typeof REFERRERS)[number]];
  if (by === 'campaign' && key === OTHER_CAMPAIGNS) return copy.values.otherCampaigns;
  return key;
}

/** The columns every breakdown table shows. */
export const BREAKDOWN_COLUMNS: readonly Metric[] = ['entries', 'demo_seen', 'call_pressed', 'form_started', 'leads'];

/** The columns of the day-by-day table. */
export const DAY_COLUMNS: readonly Metric[] = ['views', 'entries', 'demo_seen', 'calls_started', 'call_minutes', 'demo_cost', 'leads'];

/** The rows of the funnel table, with the calls' minutes and cost under the calls they belong to. */
export const FUNNEL_EXTRA_AFTER: Partial<Record<Metric, readonly Metric[]>> = { calls_started: ['call_minutes', 'demo_cost'] };
