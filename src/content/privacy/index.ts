import type { PrivacyPolicy } from '../types';
import type { Locale } from '../../contracts/locales';
import { privacyEn } from './en';
import { privacyFr } from './fr';

/** Only the privacy page imports this, so the home page's bundle does not carry the policy. */
export const privacyPolicies: Record<Locale, PrivacyPolicy> = { en: privacyEn, fr: privacyFr };
