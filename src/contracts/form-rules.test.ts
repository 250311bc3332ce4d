import { describe, expect, it } from 'vitest';
import { email } from './fields';
import { EMAIL_MAX, isEmailAddress } from './form-rules';

const SAMPLES = [
  'jane@example.com',
  'Élodie.Gagnon+devis@exemple.québec',
  'x@mail.example.',
  'x@mail..example',
  'x@localhost',
  'a@x.example,ceo@x.example',
  'CEO<x@x.example>',
  'moc.elpmaxe\u202E@x.example',
  'bell\u0007@x.example',
  `${'a'.repeat(EMAIL_MAX - 10)}@x.example`,
  `${'a'.repeat(EMAIL_MAX)}@x.example`,
  '',
];

describe('one rule of an e-mail address', () => {
  it('isEmailAddress takes what the forms take, and refuses what they refuse', () => {
    for (const text of SAMPLES) expect({ text, taken: isEmailAddress(text) }).toEqual({ text, taken: email().safeParse(text).success });
    expect(SAMPLES.filter(isEmailAddress)).toEqual(['jane@example.com', 'Élodie.Gagnon+devis@exemple.québec', `${'a'.repeat(EMAIL_MAX - 10)}@x.example`]);
  });

  it('takes an address only as it stands: the forms trim what a visitor typed, the configuration must not need it', () => {
    expect(email().safeParse(' jane@example.com ').success).toBe(true);
    expect(isEmailAddress(' jane@example.com ')).toBe(false);
  });
});
