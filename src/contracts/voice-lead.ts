import { z } from 'zod/mini';
import { CONTACT_LIMITS, phoneNumber } from './contact';
import { email, optionalText, requiredText } from './fields';
import { LOCALES } from './locales';

/**
 * A callback request taken by the demo's voice agent during a call: the arguments of its tool, as
 * the model sends them and as the server checks them (POST /api/voice/events, docs/voice.md). The
 * fields the contact form has too follow the form's rules (./contact.ts, ./fields.ts); the tool's
 * JSON Schema in the assistants (src/assistants/assistants.ts) is made from this same schema by
 * `callbackToolParameters`, so the two cannot drift apart.
 */

/** The tool's name, in the assistants' definitions and in Vapi's tool-calls messages. */
export const CALLBACK_TOOL = 'request_callback';

export const VOICE_LEAD_LIMITS = { preferredTime: 160 } as const;

/** A callback needs a way to call back: at least one of these. */
export const CONTACT_POINTS = ['phone', 'email'] as const;
export type ContactPoint = (typeof CONTACT_POINTS)[number];

const argumentsShape = {
  name: requiredText(CONTACT_LIMITS.name),
  company: optionalText(CONTACT_LIMITS.company),
  phone: z.optional(phoneNumber()),
  email: z.optional(email()),
  /** What the caller needs, in the caller's words as the agent summed them up: the lead's message. */
  need: requiredText(CONTACT_LIMITS.message, 'lines'),
  /** When the caller would like to be called back, as said ("Tuesday morning"). */
  preferredTime: optionalText(VOICE_LEAD_LIMITS.preferredTime),
  /** The language of the call: the lead's language, as a form lead's page language. */
  language: z.enum(LOCALES, 'invalid'),
};
export type CallbackArgument = keyof typeof argumentsShape;

/**
 * Unknown properties are dropped, not refused: a model that adds one must not lose the caller's
 * request over it (and a JSON Schema without `additionalProperties`, the only kind Vapi's tool
 * definitions take, allows them too).
 */
export const callbackArgumentsSchema = z
  .object(argumentsShape)
  .check(z.refine((value) => CONTACT_POINTS.some((field) => value[field] !== undefined), { message: 'required', path: ['contact'] }));

export type CallbackArguments = z.output<typeof callbackArgumentsSchema>;

/** The tool's parameters as Vapi takes them: only the JSON Schema keywords of its `JsonSchema` type. */
export type ToolParameters = {
  type: 'object';
  properties: Record<CallbackArgument, ToolProperty>;
  required: CallbackArgument[];
};
export type ToolProperty = { type: 'string'; description: string; pattern?: string; enum?: string[] };

type GeneratedProperty = {
  type?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  allOf?: Array<{ pattern?: string }>;
  enum?: string[];
};

/**
 * The tool's JSON Schema, made from `callbackArgumentsSchema` by zod's own `toJSONSchema`, then
 * written in the keywords Vapi's tool definitions accept (type, properties, required, description,
 * pattern, enum: the `JsonSchema` type of its API; others may be dropped, and a dropped keyword
 * would make `voice:sync` find a difference at every run). Each property's lengths and patterns
 * become one `pattern` of lookaheads, which says the same. What no keyword can say, the
 * descriptions say: at least one of phone and e-mail; the server trims each value first (as the
 * form does), and a JSON Schema cannot trim.
 */
export function callbackToolParameters(descriptions: Record<CallbackArgument, string>): ToolParameters {
  const generated = z.toJSONSchema(z.object(argumentsShape), { io: 'input' }) as {
    properties: Record<CallbackArgument, GeneratedProperty>;
    required: CallbackArgument[];
  };
  const properties = Object.fromEntries(
    (Object.keys(argumentsShape) as CallbackArgument[]).map((field) => [
      field,
      { ...toolProperty(field, generated.properties[field]), description: descriptions[field] },
    ]),
  ) as Record<CallbackArgument, ToolProperty>;
  return { type: 'object', properties, required: generated.required };
}

const FOLDED = new Set(['type', 'minLength', 'maxLength', 'pattern', 'allOf', 'enum']);

function toolProperty(field: string, generated: GeneratedProperty): Omit<ToolProperty, 'description'> {
  const unknown = Object.keys(generated).filter((keyword) => !FOLDED.has(keyword));
  if (generated.type !== 'string' || unknown.length > 0 || generated.allOf?.some((part) => Object.keys(part).some((keyword) => keyword !== 'pattern'))) {
    throw new Error(`callbackToolParameters: ${field}'s rule is not yet written for Vapi (${JSON.stringify(generated)})`);
  }
  if (generated.enum) return { type: 'string', enum: generated.enum };
  const { minLength = 0, maxLength } = generated;
  // Only "not empty" is needed so far; any other minimum would need its own lookahead.
  if (minLength > 1) throw new Error(`callbackToolParameters: ${field} has a minimum length of ${minLength}`);
  const patterns = [generated.pattern, ...(generated.allOf ?? []).map((part) => part.pattern)].filter((pattern): pattern is string => pattern !== undefined);
  const lookaheads = [
    // JSON Schema and zod count characters (code points): a surrogate pair is one, with or without the u flag.
    maxLength === undefined ? '' : `(?=(?:[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|[\\s\\S]){0,${maxLength}}$)`,
    // The server trims before it counts: a value of spaces only is empty.
    minLength === 1 ? '(?=[\\s\\S]*\\S)' : '',
    // Found anywhere in the value, as JSON Schema applies a pattern (ours are anchored at both ends).
    ...patterns.map((pattern) => `(?=[\\s\\S]*?(?:${pattern}))`),
  ];
  return { type: 'string', pattern: `^${lookaheads.join('')}` };
}
