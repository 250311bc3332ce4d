import { describe, expect, it } from 'vitest';
import { loadSiteConfig, placeholderSettings } from './site-schema';

/** What a production build says of the title: nothing once it is the firm's. */
const unset = (env: Record<string, string>) => placeholderSettings(env).filter((line) => line.startsWith('SITE_PRIVACY_OFFICER_TITLE'));

describe('the privacy officer’s title', () => {
  it('is written as each language writes it: one variable per language, the shared one for any left unset', () => {
    expect(loadSiteConfig({}).privacyOfficer.title).toEqual({ fr: 'présidente', en: 'President' });
    // The one variable of before still works, for both languages.
    expect(loadSiteConfig({ SITE_PRIVACY_OFFICER_TITLE: 'Directrice' }).privacyOfficer.title).toEqual({ fr: 'Directrice', en: 'Directrice' });
    expect(
      loadSiteConfig({ SITE_PRIVACY_OFFICER_TITLE_FR: ' directrice générale ', SITE_PRIVACY_OFFICER_TITLE_EN: 'General Manager' }).privacyOfficer.title,
    ).toEqual({ fr: 'directrice générale', en: 'General Manager' });
    expect(loadSiteConfig({ SITE_PRIVACY_OFFICER_TITLE: 'President', SITE_PRIVACY_OFFICER_TITLE_FR: 'présidente' }).privacyOfficer.title).toEqual({
      fr: 'présidente',
      en: 'President',
    });
  });

  it('is the firm’s for a production build once set in both languages, by one variable or by the pair', () => {
    expect(unset({})).toEqual(['SITE_PRIVACY_OFFICER_TITLE: not set, so the fictional default (présidente, President)']);
    expect(unset({ SITE_PRIVACY_OFFICER_TITLE: 'Présidente' })).toEqual([]);
    expect(unset({ SITE_PRIVACY_OFFICER_TITLE_FR: 'présidente', SITE_PRIVACY_OFFICER_TITLE_EN: 'President' })).toEqual([]);
    expect(unset({ SITE_PRIVACY_OFFICER_TITLE_FR: 'présidente' })).toHaveLength(1);
  });
});
