import { describe, expect, it } from 'vitest';
import { formatAddress, formatPhone } from './address';
import { loadSiteConfig } from './site-schema';

describe('the firm’s contact details, as each language writes them', () => {
  const { address } = loadSiteConfig({});

  it('the address: as configured in English, Canada Post’s French form in French', () => {
    expect(formatAddress(address, 'en')).toBe('1250 rue Example, bureau 400, Montréal (QC) H3B\u00a00A1');
    expect(formatAddress(address, 'fr')).toBe('1250, rue Example, bureau 400, Montréal (Québec)\u00a0 H3B\u00a00A1');
    const ontario = loadSiteConfig({ SITE_STREET: '88, rue Principale', SITE_CITY: 'Gatineau', SITE_REGION: 'on', SITE_POSTAL_CODE: 'K1A 0B1' }).address;
    expect(formatAddress(ontario, 'fr')).toBe('88, rue Principale, Gatineau (Ontario)\u00a0 K1A\u00a00B1');
  });

  it('the phone: as configured in English, « 514 555-0142 » in French whatever way it was typed', () => {
    for (const typed of ['+1 514-555-0142', '(514) 555 0142', '514.555.0142', '1-514-555-0142']) {
      expect(formatPhone(typed, 'fr'), typed).toBe('514\u00a0555-0142');
      expect(formatPhone(typed, 'en'), typed).toBe(typed);
    }
    expect(formatPhone('+33 1 23 45 67 89', 'fr')).toBe('+33 1 23 45 67 89');
  });
});
