import type { SiteConfig } from '../../config/site-schema';
import { KINDS, type Retention, keptKinds } from '../../contracts/kept-data';
import type { Locale } from '../../contracts/locales';
import { durationInWords, fillContent, mapText } from '../index';
import { privacyEn } from './en';
import { privacyFr } from './fr';
import type { KeptTable, PrivacyPolicy } from './types';

/** Only the privacy page imports this, so the home page's bundle does not carry the policy. */
export const privacyPolicies: Record<Locale, PrivacyPolicy> = { en: privacyEn, fr: privacyFr };

/** A cell's text begins with a capital, as the others do, whatever the duration put first. */
const sentenceCase = (text: string, locale: Locale) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/**
 * The table of what is kept, for this deployment: one row per kind of data the server's
 * declaration names (src/contracts/kept-data.ts), in its order, each cell in this language.
 */
export function keptTable(locale: Locale, site: SiteConfig): KeptTable {
  const words = privacyPolicies[locale].kept;
  const howLong = (kept: Retention) => {
    if ('setting' in kept)
      return kept.setting === 'VAPI_CALL_RETENTION_DAYS' && site.policy.vapiCallRetentionDays === 0 ? words.vapiAtOnce : words.settings[kept.setting];
    if ('days' in kept) return words.days.replaceAll('{days}', durationInWords(kept.days, locale));
    return words.until[kept.until];
  };
  const table: KeptTable = {
    caption: words.caption,
    headers: words.headers,
    rows: keptKinds().map((kind) => {
      const { purpose, kept, seenBy } = KINDS[kind];
      return {
        kind,
        what: words.kinds[kind],
        why: words.purposes[purpose],
        howLong: howLong(kept),
        seenBy: seenBy.length > 0 ? seenBy.map((recipient) => words.recipients[recipient]) : [words.serverOnly],
      };
    }),
  };
  const filled = fillContent(table, site, locale);
  return { ...filled, rows: filled.rows.map((row) => ({ ...row, howLong: sentenceCase(row.howLong, locale) })) };
}

/** The policy as this deployment has it: the wording of the choices it made, every placeholder filled, and its table of what is kept. */
export function privacyPolicy(locale: Locale, site: SiteConfig): Omit<PrivacyPolicy, 'callReport' | 'kept'> & { keptTable: KeptTable } {
  const { callReport, kept: _words, ...policy } = privacyPolicies[locale];
  const report = site.policy.keepsCallTranscripts ? callReport.withTranscript : callReport.summaryOnly;
  return {
    ...fillContent(
      mapText(policy, (text) => text.replaceAll('{callReport}', report)),
      site,
      locale,
    ),
    keptTable: keptTable(locale, site),
  };
}
