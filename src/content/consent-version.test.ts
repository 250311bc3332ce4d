import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_VERSION } from '../contracts/newsletter';
import { getContent } from './all';
import { LOCALES } from '../contracts/locales';

/**
 * CASL proof of consent records which wording a subscriber saw by NEWSLETTER_CONSENT_VERSION. So
 * the wording of every language is fingerprinted here per version: change the text and this test
 * fails until the version is changed too and the new fingerprint recorded below (older entries
 * stay, they document what each version said).
 */
const CONSENT_FINGERPRINTS: Record<string, string> = {
  '2026-11-22': 'a95613b679e68ec5',
  '2026-11-26': 'ed4349a85d759cc7',
  '2026-11-26.2': '57dd1dab974bda0f',
  '2026-11-29': '75a7e227cab43006',
  '2026-11-29.2': 'f968ccd22020f6de',
};

function fingerprint(): string {
  const wording = LOCALES.map((locale) => [locale, getContent(locale).footer.newsletter.consent]);
  return createHash('sha256').update(JSON.stringify(wording)).digest('hex').slice(0, 16);
}

describe('newsletter consent wording', () => {
  it('is the wording recorded for NEWSLETTER_CONSENT_VERSION (changed the text? change the version)', () => {
    expect(
      fingerprint(),
      `The newsletter consent text changed: set a new NEWSLETTER_CONSENT_VERSION in src/contracts/newsletter.ts and record '${fingerprint()}' for it here.`,
    ).toBe(CONSENT_FINGERPRINTS[NEWSLETTER_CONSENT_VERSION]);
  });
});
