import type { StatsDigestData } from '../../contracts/lead-event';
import type { Locale } from '../../contracts/locales';
import type { FiguresSource, LeadLine } from './store';
import { isoWeekName } from '../core/calendar';
import { STATS_COPY, type StatsCopy } from './copy';
import { type StatsReport, buildReport } from './report';
import { formatters } from './format';
import { reportTables, tableText } from './report-tables';
import { digestHtml } from './digest-html';

/**
 * The weekly digest the firm receives on Monday morning: a text part and an HTML part made of
 * tables only (digest-html.tsx).
 */
export type DigestEmail = { subject: string; text: string; html: string };

/**
 * What keeps the e-mail a relay takes whatever the week held (a flood of leads: 300 of them made a
 * digest of more than 1 MB, refused for good with 552). It lists the week's first leads, then how
 * many more and the command that lists them all; a name or a company longer than a table's cell is
 * cut. Everything else is bounded already (five campaigns, eight weeks), so the whole message,
 * encoded as it is sent, stays under DIGEST_MAX_BYTES (digest-size.test.ts: 3,000 leads of the largest
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
export async function composeDigest(report: StatsReport, copy: StatsCopy, brand: string, since?: string): Promise<DigestEmail> {
  const f = formatters(copy, report.timeZone);
  const { from, to } = report.period;
  const subject = since ? copy.digestSubjectSince(brand, f.day(since)) : copy.digestSubject(brand, f.day(from));
  const intro = since ? copy.digestIntroSince(f.day(since), f.day(to)) : copy.digestIntro(f.day(from), f.day(to));
  const more = report.leads.length - DIGEST_LEADS_SHOWN;
  const tables = reportTables({ ...report, leads: report.leads.slice(0, DIGEST_LEADS_SHOWN).map(shownLead) }, copy, f, { days: false }).map((table) =>
    table.kind === 'leads' && more > 0 ? { ...table, note: copy.digestMoreLeads(f.number(more), `atelier-ia stats --week ${isoWeekName(from)}`) } : table,
  );
  const text = [intro, '', ...tables.flatMap((table) => [tableText(table), '']), copy.privacyNote, '', copy.digestFooter, ''].join('\n');
  const html = await digestHtml({ lang: copy.intlLocale, subject, intro, tables, privacyNote: copy.privacyNote, footer: copy.digestFooter });
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
