import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../config/site-schema';
import { LOCALES } from '../../contracts/locales';
import { privacyPolicies, privacyPolicy } from './index';

const text = (value: unknown) => JSON.stringify(value);

describe('the privacy policy states the choices this deployment made', () => {
  it('by default: SQLite, contact requests kept two years, the call’s summary without its transcript', () => {
    const site = loadSiteConfig({});
    for (const locale of LOCALES) {
      const policy = text(privacyPolicy(locale, site));
      expect(policy, locale).toContain('SQLite');
      expect(policy, locale).not.toContain('PostgreSQL');
      expect(policy, locale).toContain(locale === 'en' ? 'two\u00a0years' : 'deux\u00a0ans');
      expect(policy, locale).not.toMatch(/730/);
      expect(policy, locale).toContain(JSON.stringify(privacyPolicies[locale].callReport.summaryOnly).slice(1, 40));
      expect(policy, locale).not.toMatch(/turned that on|activé cette option/);
    }
  });

  it('on PostgreSQL, with transcripts kept and a year’s retention, it says those', () => {
    const site = loadSiteConfig({
      DATABASE_URL: 'postgres://app@127.0.0.1/leads',
      SITE_RETENTION_DAYS: '365',
      VAPI_SERVER_SECRET: 'x'.repeat(40),
      VOICE_LEAD_TRANSCRIPT: 'on',
    });
    for (const locale of LOCALES) {
      const policy = text(privacyPolicy(locale, site));
      expect(policy, locale).toContain('PostgreSQL');
      expect(policy, locale).not.toContain('SQLite');
      expect(policy, locale).toContain(locale === 'en' ? 'one\u00a0year' : 'un\u00a0an');
      expect(policy, locale).not.toContain(locale === 'en' ? 'two\u00a0years' : 'deux\u00a0ans');
      expect(policy, locale).toContain(JSON.stringify(privacyPolicies[locale].callReport.withTranscript).slice(1, 40));
      // Never the address of the database: only which one it is.
      expect(policy, locale).not.toContain('127.0.0.1');
    }
  });

  it('dates the policy once, for both languages', () => {
    const site = loadSiteConfig({});
    expect(privacyPolicy('en', site).updated).toBe('Last updated: November 26, 2026');
    expect(privacyPolicy('fr', site).updated).toBe('Dernière mise à jour\u00a0: 26 novembre 2026');
  });
});
