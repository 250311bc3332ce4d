import { z } from 'zod/mini';
import { EMAIL_MAX, EMAIL_PATTERN, FIELD_ERROR_CODES, type FieldErrorCode } from './form-rules';
import { PROOF_PAYLOAD_MAX } from './proof-of-work';

export { EMAIL_MAX, EMAIL_PATTERN, FIELD_ERROR_CODES, HONEYPOT_FIELD, type FieldErrorCode } from './form-rules';

/**
 * Building blocks shared by every payload schema. Messages are stable codes, not prose
 * (./form-rules.ts): the page turns them into text in the visitor's language, the server returns
 * them as-is.
 */
/**
 * Characters no one types and the firm could not read back: control characters (line breaks and
 * tabs are allowed where the field has lines), U+FFFD (what a body that was not valid UTF-8 decodes
 * to), and a lone UTF-16 surrogate (not a character; SQLite and PostgreSQL store it differently).
 * A one-line field takes no line break of any kind: neither the control characters (CR, LF, VT, FF,
 * U+0085 NEL) nor Unicode's line and paragraph separators (U+2028, U+2029), which drew a line of
 * their own ("Courriel : …") in the firm's e-mail.
 * Written as the pattern of what is readable (any other character, or a whole surrogate pair), so
 * that a JSON Schema made from these rules carries it too (src/contracts/voice-lead.ts).
 */
const readablePattern = (controls: string) => new RegExp(`^(?:[^${controls}\\u007F-\\u009F\\uFFFD\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$`);
const READABLE = {
  line: readablePattern('\\u0000-\\u001F\\u2028\\u2029'),
  lines: readablePattern('\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F'),
};

export const readable = (shape: keyof typeof READABLE = 'line') => z.regex(READABLE[shape], 'invalid_characters');

/** A field that must be there: missing altogether is `required` too (not `invalid`); another type stays `invalid`. */
export const requiredString = () => z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') });

export const requiredText = (max: number, shape: keyof typeof READABLE = 'line') =>
  requiredString().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too_long'), readable(shape));

export const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, 'too_long'), readable()));

export const email = () =>
  requiredString().check(z.trim(), z.minLength(1, 'required'), z.maxLength(EMAIL_MAX, 'too_long'), readable(), z.regex(EMAIL_PATTERN, 'invalid_email'));

const formEmail = email();

/**
 * Whether `text`, as it stands, is an address the forms take: the one rule of an e-mail address.
 * The configuration's addresses follow it too (src/config/site-schema.ts,
 * src/server/config/env-schema.ts): a relay refuses the same ones (`x@mail.example.`, with its
 * final dot) whoever typed them.
 */
export const isEmailAddress = (text: string): boolean => text === text.trim() && formEmail.safeParse(text).success;

/**
 * Honeypot: a field hidden from people. Bots fill every input they find; a non-empty value
 * gets a success-looking answer and nothing is stored.
 */
export const honeypot = () => z.optional(z.string().check(z.maxLength(500, 'too_long')));

/**
 * The proof of work (src/contracts/proof-of-work.ts): optional in the schema, so that a post
 * without it is refused with its own answer (400 invalid_proof), not as a field the visitor typed.
 */
export const proof = () => z.optional(z.string().check(z.maxLength(PROOF_PAYLOAD_MAX, 'too_long')));

/** Turns zod issues into one code per field (the first issue wins). */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string }>) {
  const out: Record<string, FieldErrorCode> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    if (key in out) continue;
    out[key] = (FIELD_ERROR_CODES as readonly string[]).includes(issue.message) ? (issue.message as FieldErrorCode) : 'invalid';
  }
  return out;
}
