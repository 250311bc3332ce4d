import { z } from 'zod/mini';
import { EMAIL_MAX, EMAIL_PATTERN, FIELD_ERROR_CODES, type FieldErrorCode, READABLE } from './form-rules';
import { PROOF_PAYLOAD_MAX } from './proof-of-work';

export { EMAIL_MAX, EMAIL_PATTERN, FIELD_ERROR_CODES, HONEYPOT_FIELD, type FieldErrorCode, isEmailAddress } from './form-rules';

/**
 * Building blocks shared by every payload schema. Messages are stable codes, not prose
 * (./form-rules.ts): the page turns them into text in the visitor's language, the server returns
 * them as-is.
 */
export const readable = (shape: keyof typeof READABLE = 'line') => z.regex(READABLE[shape], 'invalid_characters');

/** A field that must be there: missing altogether is `required` too (not `invalid`); another type stays `invalid`. */
export const requiredString = () => z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') });

export const requiredText = (max: number, shape: keyof typeof READABLE = 'line') =>
  requiredString().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too_long'), readable(shape));

export const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, 'too_long'), readable()));

/** An e-mail address: the form-rules' isEmailAddress, each of its checks with its own code. */
export const email = () =>
  requiredString().check(z.trim(), z.minLength(1, 'required'), z.maxLength(EMAIL_MAX, 'too_long'), readable(), z.regex(EMAIL_PATTERN, 'invalid_email'));

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
