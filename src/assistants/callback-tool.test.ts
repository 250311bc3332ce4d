import { Ajv } from 'ajv';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../config/site-schema';
import { LOCALES } from '../contracts/locales';
import { CALLBACK_TOOL, CONTACT_POINTS, callbackArgumentsSchema } from '../contracts/voice-lead';
import { assistantDefinitions } from './assistants';

/**
 * One source for the agent's tool and the server: the JSON Schema the assistants carry (Vapi and
 * the model read it) and the contract POST /api/voice/events checks (src/contracts/voice-lead.ts)
 * accept and refuse the same arguments. The schema is checked by a JSON Schema validator (Ajv),
 * its patterns run both ways a validator may run them: with the Unicode flag (Ajv's default) and
 * without (as the server's own regular expressions run).
 */

const site = loadSiteConfig({});
const definitions = assistantDefinitions({
  site,
  maxCallSeconds: 180,
  callbacks: { serverUrl: 'https://www.atelier.example/api/voice/events', credentialId: 'cred-1' },
});
const VALIDATORS = { unicode: new Ajv(), 'no unicode flag': new Ajv({ unicodeRegExp: false }) };

const toolOf = (locale: (typeof LOCALES)[number]) => {
  const tools =
    (definitions[locale].model as { tools?: Array<{ type: string; function: { name: string; description: string; parameters: object } }> }).tools ?? [];
  expect(tools.map((tool) => `${tool.type} ${tool.function.name}`)).toEqual([`function ${CALLBACK_TOOL}`]);
  return tools[0]!.function;
};

const byServer = (args: unknown) => callbackArgumentsSchema.safeParse(args).success;

const GOOD = {
  name: 'Geneviève Côté',
  phone: '418 555-0163',
  email: 'genevieve@clinique-cote.example',
  need: 'Un agent vocal pour la clinique.',
  language: 'fr',
};

/** Values the model could send for each argument, good and bad, as it writes them (no spaces around: see below). */
const VALUES = {
  name: [
    undefined,
    'Geneviève Côté',
    'Sam',
    '',
    '   ',
    'x'.repeat(120),
    'x'.repeat(121),
    'Zoé\u0007',
    'deux\nlignes',
    'deux\u2028lignes',
    'deux\u2029paragraphes',
    '😀'.repeat(60),
    '😀'.repeat(61),
    'seul \uD83D',
    42,
  ],
  company: [undefined, 'Clinique dentaire Côté', '', 'x'.repeat(160), 'x'.repeat(161), 'tab\there'],
  phone: [undefined, '418 555-0163', '+1 (819) 555-0123 ext. 4', '514 555 0100 poste 12', '55', '', 'pas de numéro', '1'.repeat(33), 5145550100],
  email: [
    undefined,
    'genevieve@clinique-cote.example',
    'a@b.co',
    'genevieve@clinique',
    'a b@c.example',
    `${'x'.repeat(250)}@b.co`,
    '',
    'CEO<x@x.example>',
    'x@y.example,boss@y.example',
    'ceo\u202E@y.example',
    'genevieve@clinique\u200B-cote.example',
    '\u2066genevieve@clinique-cote.example\u2069',
    'zoé@café.example',
  ],
  need: [undefined, 'Un agent vocal.', 'ligne 1\nligne 2', '', 'x'.repeat(5000), 'x'.repeat(5001), 'nul\u0000'],
  preferredTime: [undefined, 'mardi matin', '', 'x'.repeat(160), 'x'.repeat(161), '\u0085', 'mardi\u2028matin'],
  language: [undefined, 'fr', 'en', 'de', 'FR'],
} as const;

const argumentsFrom = fc
  .record(
    Object.fromEntries(Object.entries(VALUES).map(([field, values]) => [field, fc.constantFrom(...values)])) as Record<
      keyof typeof VALUES,
      fc.Arbitrary<unknown>
    >,
  )
  .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));

describe.each(LOCALES.flatMap((locale) => (Object.keys(VALIDATORS) as Array<keyof typeof VALIDATORS>).map((mode) => [locale, mode] as const)))(
  'the callback tool of the %s assistant (patterns: %s)',
  (locale, mode) => {
    const tool = toolOf(locale);
    const bySchema = VALIDATORS[mode].compile(tool.parameters);

    it('accepts and refuses what the server accepts and refuses, argument by argument', () => {
      for (const [field, values] of Object.entries(VALUES)) {
        for (const value of values) {
          const args = { ...GOOD, [field]: value };
          if (value === undefined) delete (args as Record<string, unknown>)[field];
          expect({ field, value: String(value).slice(0, 40), schema: bySchema(args) }).toEqual({
            field,
            value: String(value).slice(0, 40),
            schema: byServer(args),
          });
        }
      }
      // Both refuse, and both accept, something.
      expect(byServer(GOOD) && bySchema(GOOD)).toBe(true);
      expect(byServer({ ...GOOD, email: 'genevieve@clinique' }) || bySchema({ ...GOOD, email: 'genevieve@clinique' })).toBe(false);
    });

    it('agrees with the server on any mix of them that gives a way to call back', () => {
      fc.assert(
        fc.property(
          argumentsFrom.filter((args) => CONTACT_POINTS.some((field) => field in args)),
          (args) => {
            expect({ args, schema: bySchema(args) }).toEqual({ args, schema: byServer(args) });
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('says in words the one rule its keywords cannot: a phone number, an e-mail address or both', () => {
      // JSON Schema could (anyOf), but Vapi's tool parameters take type, properties, required,
      // description, pattern and enum only: the description says it, the server enforces it.
      const withoutEither = { name: 'Sam', need: 'Un rappel.', language: locale };
      expect(bySchema(withoutEither)).toBe(true);
      expect(byServer(withoutEither)).toBe(false);
      expect(tool.description).toMatch(
        locale === 'fr' ? /un numéro de téléphone, une adresse courriel, ou les deux/ : /a phone number, an e-mail address, or both/,
      );
    });

    it("uses only the JSON Schema keywords of Vapi's tool parameters, and describes each argument in the call's language", () => {
      const parameters = tool.parameters as { type: string; properties: Record<string, Record<string, unknown>>; required: string[] };
      expect(Object.keys(parameters).sort()).toEqual(['properties', 'required', 'type']);
      expect(parameters.required).toEqual(['name', 'need', 'language']);
      for (const [field, property] of Object.entries(parameters.properties)) {
        expect(
          Object.keys(property).every((keyword) => ['type', 'description', 'pattern', 'enum'].includes(keyword)),
          field,
        ).toBe(true);
        expect(property.description, field).toEqual(expect.any(String));
      }
      expect(parameters.properties.language).toEqual({
        type: 'string',
        enum: ['en', 'fr'],
        description: locale === 'fr' ? 'La langue de cet appel\u00a0: fr.' : 'The language of this call: en.',
      });
    });
  },
);

it('the server trims what it is given, as the form does; the schema describes values as the model writes them', () => {
  // The only difference: spaces around a value, which the server removes before its checks.
  expect(byServer({ ...GOOD, email: '  a@b.co ' })).toBe(true);
  expect(VALIDATORS.unicode.validate(toolOf('fr').parameters, { ...GOOD, email: '  a@b.co ' })).toBe(false);
});
