import { describe, expect, it } from 'vitest';
import { displayName, inertLinks, quoted } from './untrusted-text';

describe('text someone else chose, as the firm’s e-mail shows it', () => {
  it('a display name keeps the name and loses whatever could make it read as an address', () => {
    expect(displayName('Élodie Gagnon')).toBe('Élodie Gagnon');
    expect(displayName('Your CEO <ceo@firm.example>')).toBe('Your CEO ceo firm.example');
    expect(displayName('=?utf-8?b?Q0VPIDxjZW9AZmlybS5leGFtcGxlPg==?=')).toBe('utf-8?b?Q0VPIDxjZW9AZmlybS5leGFtcGxlPg= =');
    expect(displayName('Marie "la boss" Tremblay, ventes; achats')).toBe('Marie la boss Tremblay ventes achats');
    expect(displayName('ceo＠firm.example ‹x›')).toBe('ceo firm.example x');
    expect(displayName('<@>')).toBeUndefined();
    expect(displayName('x'.repeat(100))).toHaveLength(64);
  });

  it('links, host names and addresses stay readable but no mail client can make a link of them', () => {
    expect(inertLinks('verify your Vapi account at https://vapi-billing.evil.example/login today')).toBe(
      'verify your Vapi account at https[:]//vapi-billing[.]evil[.]example/login today',
    );
    expect(inertLinks('www.evil.example, billing@evil.example, mailto:x@evil.example, javascript:alert(1)')).toBe(
      'www[.]evil[.]example, billing@evil[.]example, mailto[:]x@evil[.]example, javascript[:]alert(1)',
    );
    // What is not a host name is left as it was.
    expect(inertLinks('3.5 h, e.g. mardi, 10 h 30; 514 555-0142')).toBe('3.5 h, e.g. mardi, 10 h 30; 514 555-0142');
  });

  it('host names in any script are inert too, and shown in ASCII, so a look-alike cannot pass for a known name', () => {
    // Cyrillic "а" and "е" in a name that reads as apple.example; a whole name in Cyrillic; full-width dots.
    expect(inertLinks('https://аpple.example/login, пример.рф/x, zoé@café.example')).toBe(
      'https[:]//xn--pple-43d[.]example/login, xn--e1afmkfd[.]xn--p1ai/x, zoé@xn--caf-dma[.]example',
    );
    expect(inertLinks('www．evil。example and x@xn--e1afmkfd.xn--p1ai')).toBe('www[.]evil[.]example and x@xn--e1afmkfd[.]xn--p1ai');
  });

  it('quotes every line as mail clients quote a message', () => {
    expect(quoted('one\ntwo')).toBe('> one\n> two');
  });
});
