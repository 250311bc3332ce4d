/**
 * The site's figures for any period (docs/stats.md), from the counters in the database:
 *
 *   npm run stats                                   # last whole week (Monday to Sunday, FIRM_TIME_ZONE)
 *   npm run stats -- --week 2026-W47 --format csv
 *   atelier-ia stats --from 2026-01-01 --to 2026-03-31 --html /var/backups/atelier-ia/q1.html
 *
 * A table in the terminal (in FIRM_LOCALE), CSV or JSON; `--html FILE` writes a self-contained
 * report with charts (inline SVG; it loads nothing when opened), created 0600 like the exports
 * (it lists the period's leads by name). Exit codes: 0 done, 1 storage, configuration or writing
 * problem, 2 bad arguments.
 */
import { resolve } from 'node:path';
import { type Period, addDays, dayOf, daysBetween, isDay, isoWeekName, mondayOf, mondayOfIsoWeek } from '../src/server/core/calendar';
import { STATS_COPY } from '../src/server/figures/copy';
import { BREAKDOWNS, METRICS, type StatsReport, buildReport } from '../src/server/figures/report';
import { formatters } from '../src/server/figures/format';
import { reportHtml } from '../src/server/figures/report-html';
import { reportTables, tableText } from '../src/server/figures/report-tables';
import { dueWeek } from '../src/server/figures/digest-schedule';
import { toCsv } from '../src/server/core/csv';
import { optionsOrExit } from './lib/cli';
import { newFileProblem, writePrivateFile } from './lib/private-file';
import { type Output, withStore } from './lib/with-store';

export const USAGE = `Usage: stats [--week YYYY-Www | --from YYYY-MM-DD [--to YYYY-MM-DD]] [--format table|csv|json] [--html FILE]

The site's figures, counted with no identifier (docs/stats.md): visits, the voice demo, its calls
and what Vapi billed for them (US dollars), the contact form, the newsletter, the leads; by
language, device, referrer and campaign; against the period before and the average of the four
before it.

  --week YYYY-Www   an ISO week, Monday to Sunday (default: the last whole week)
  --from, --to      any period, both days included (--to defaults to today)
  --format          table (default, in FIRM_LOCALE), csv (one row per figure) or json
  --html FILE       also write a self-contained report with charts, readable by its owner only
                    (it lists the period's leads); it must not exist yet

Days are in FIRM_TIME_ZONE. Reads DATABASE_URL, or SQLITE_PATH, like the server (--config FILE:
the service's configuration file). In a checkout: npm run stats -- …; on a deployed server:
atelier-ia stats … (docs/deploy.md).`;

type Format = 'table' | 'csv' | 'json';
type Choice = { week: string } | { from: string; to: string | undefined } | Record<string, never>;
type Options = { choice: Choice; format: Format; html: string | undefined };

/** The longest period a report covers: the counters are kept 25 months by default. */
const MAX_DAYS = 800;

export function parseArgs(args: readonly string[]): Options | { help: true } | { error: string } {
  let format: Format = 'table';
  let html: string | undefined;
  let week: string | undefined;
  let from: string | undefined;
  let to: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (name === '--help' || name === '-h') return { help: true };
    if (name === '--format') {
      const given = value();
      if (given !== 'table' && given !== 'csv' && given !== 'json') return { error: `--format must be table, csv or json, got ${given ?? 'nothing'}` };
      format = given;
    } else if (name === '--html') {
      const given = value();
      if (!given || given.startsWith('-')) return { error: `--html needs a file name, got ${given ?? 'nothing'}` };
      html = given;
    } else if (name === '--week') {
      week = value();
      if (!week || !mondayOfIsoWeek(week)) return { error: `--week needs an ISO week such as 2026-W47, got ${week ?? 'nothing'}` };
    } else if (name === '--from' || name === '--to') {
      const given = value();
      if (!given || !isDay(given)) return { error: `${name} needs a date written YYYY-MM-DD, got ${given ?? 'nothing'}` };
      if (name === '--from') from = given;
      else to = given;
    } else {
      return { error: `unexpected argument: ${arg}` };
    }
  }
  if (week && (from || to)) return { error: '--week cannot go with --from or --to' };
  if (to && !from) return { error: '--to needs --from' };
  if (from && to && to < from) return { error: `--to (${to}) is before --from (${from})` };
  if (from && to && daysBetween(from, to) + 1 > MAX_DAYS) return { error: `a period of at most ${MAX_DAYS} days, please` };
  return { choice: week ? { week } : from ? { from, to } : {}, format, html };
}

function periodOf(choice: Choice, now: Date, timeZone: string): Period {
  if ('week' in choice) {
    const monday = mondayOfIsoWeek(choice.week)!;
    return { from: monday, to: addDays(monday, 6) };
  }
  if ('from' in choice) return { from: choice.from, to: choice.to ?? dayOf(now, timeZone) };
  // The digest's week: the last whole one, once Monday morning has come.
  return dueWeek(now, timeZone);
}

/** One row per figure: the period's totals, each breakdown's, each day's. */
function csvOf(report: StatsReport): string {
  const rows: Array<Record<string, unknown>> = [];
  const add = (breakdown: string, key: string, totals: StatsReport['totals']) => {
    for (const metric of METRICS) rows.push({ from: report.period.from, to: report.period.to, breakdown, key, metric, value: totals[metric] });
  };
  add('all', '', report.totals);
  for (const by of BREAKDOWNS) for (const slice of report.breakdowns[by]) add(by, slice.key, slice.totals);
  for (const { day, totals } of report.days) add('day', day, totals);
  return toCsv(['from', 'to', 'breakdown', 'key', 'metric', 'value'], rows);
}

export async function runStats(args: readonly string[], env: Record<string, string | undefined>, out: Output, err: Output, now = new Date()): Promise<number> {
  const parsed = optionsOrExit(parseArgs(args), USAGE, out, err);
  if (typeof parsed === 'number') return parsed;
  const file = parsed.html === undefined ? undefined : resolve(parsed.html);
  const problem = file && newFileProblem(file);
  if (problem) {
    err.write(`${problem}\n`);
    return 2;
  }
  return withStore(env, err, 'Stats failed', async (store, config) => {
    const { timeZone, firmLocale } = config.notifications;
    const period = periodOf(parsed.choice, now, timeZone);
    const report = await buildReport(store, period, timeZone);
    const copy = STATS_COPY[firmLocale];
    if (parsed.format === 'json') await out.write(`${JSON.stringify(report, null, 2)}\n`);
    else if (parsed.format === 'csv') await out.write(csvOf(report));
    else {
      const f = formatters(copy, timeZone);
      const weekName = daysBetween(period.from, period.to) === 6 && mondayOf(period.from) === period.from ? ` (${isoWeekName(period.from)})` : '';
      const title = `${copy.reportTitle(config.site.brand, f.day(period.from), f.day(period.to))}${weekName}`;
      const tables = reportTables(report, copy, f, { days: daysBetween(period.from, period.to) < 31 });
      await out.write(`${[title, '', ...tables.flatMap((table) => [tableText(table), '']), copy.privacyNote].join('\n')}\n`);
    }
    if (file) {
      const html = await reportHtml(report, copy, config.site.brand);
      await writePrivateFile(file, (handle) => handle.writeFile(html));
      err.write(`Report written to ${file} (readable by its owner only).\n`);
    }
    return 0;
  });
}
