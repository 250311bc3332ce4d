import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../config/site-schema';
import { LOCALES } from '../../contracts/locales';
import { KINDS, RECIPIENTS, keptKinds } from '../../contracts/kept-data';
import { keptTable, privacyPolicies, privacyPolicy } from './index';

const text = (value: unknown) => JSON.stringify(value);

describe('the privacy policy states the choices this deployment made', () => {
  it('by default: SQLite, contact requests kept two years, the call’s summary without its transcript', () => {
    const site = loadSiteConfig({});
    for (const locale of LOCALES) {
      const policy = text(privacyPolicy(locale, site));
      expect(policy, locale).toContain('SQLite');
      expect(policy, locale).not.toContain('PostgreSQL');
      expect(policy, locale).toMatch(locale === 'en' ? /two\u00a0years/i : /deux\u00a0ans/i);
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
      expect(policy, locale).toMatch(locale === 'en' ? /one\u00a0year/i : /un\u00a0an/i);
      expect(policy, locale).not.toMatch(locale === 'en' ? /two\u00a0years/i : /deux\u00a0ans/i);
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

const row = (table: ReturnType<typeof keptTable>, kind: string) => table.rows.find((entry) => entry.kind === kind)!;

describe('the table of what is kept is the declaration, as this deployment has it', () => {
  it('one row per kind of data, in the declaration’s order, every cell filled in each language', () => {
    const site = loadSiteConfig({});
    for (const locale of LOCALES) {
      const table = keptTable(locale, site);
      expect(table.rows.map((entry) => entry.kind)).toEqual(keptKinds());
      for (const entry of table.rows) {
        expect(entry.what.length, `${locale} ${entry.kind}`).toBeGreaterThan(10);
        expect(JSON.stringify(entry), `${locale} ${entry.kind}`).not.toMatch(/\{\w+\}/);
        // A processor outside Canada is named with its country.
        const abroad = KINDS[entry.kind].seenBy.some((recipient) => RECIPIENTS[recipient].place === 'United States');
        expect(
          entry.seenBy.some((who) => /United States|États.Unis/.test(who)),
          `${locale} ${entry.kind}`,
        ).toBe(abroad);
      }
      // Two kinds with different durations never read the same.
      expect(row(table, 'request').howLong).not.toBe(row(table, 'demoCall').howLong);
    }
  });

  it('says the durations the deployment set: contact requests, figures, and Vapi’s record', () => {
    const defaults = { en: keptTable('en', loadSiteConfig({})), fr: keptTable('fr', loadSiteConfig({})) };
    expect(row(defaults.en, 'request').howLong).toBe('Two\u00a0years after we receive it');
    expect(row(defaults.fr, 'request').howLong).toBe('Deux\u00a0ans après sa réception');
    expect(row(defaults.en, 'providerCallRecord').howLong).toBe('30\u00a0days after the call');
    expect(row(defaults.fr, 'pendingSignup').howLong).toBe('7\u00a0jours');

    const site = loadSiteConfig({ SITE_RETENTION_DAYS: '365', STATS_RETENTION_DAYS: '400', VAPI_CALL_RETENTION_DAYS: '0' });
    const en = keptTable('en', site);
    const fr = keptTable('fr', site);
    expect(row(en, 'request').howLong).toBe('One\u00a0year after we receive it');
    expect(text(privacyPolicy('en', site))).toContain('kept 400\u00a0days at most');
    expect(row(en, 'providerCallRecord').howLong).toBe('Two days at most after the call');
    expect(row(fr, 'providerCallRecord').howLong).toBe('Deux jours au plus après l’appel');
  });
});
