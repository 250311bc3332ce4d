import type { SiteConfig } from '../../config/site-schema';
import type { Locale } from '../../contracts/locales';
import { fillContent, mapText } from '../index';
import type { PrivacyPolicy } from '../types';
import { privacyEn } from './en';
import { privacyFr } from './fr';

/** Only the privacy page imports this, so the home page's bundle does not carry the policy. */
export const privacyPolicies: Record<Locale, PrivacyPolicy> = { en: privacyEn, fr: privacyFr };

/** The policy as this deployment has it: the wording of the choices it made, every placeholder filled. */
export function privacyPolicy(locale: Locale, site: SiteConfig): Omit<PrivacyPolicy, 'callReport'> {
  const { callReport, ...policy } = privacyPolicies[locale];
  const kept = site.policy.keepsCallTranscripts ? callReport.withTranscript : callReport.summaryOnly;
  return fillContent(
    mapText(policy, (text) => text.replaceAll('{callReport}', kept)),
    site,
    locale,
  );
}
