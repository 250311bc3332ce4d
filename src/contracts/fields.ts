import { z } from 'zod/mini';

/**
 * Building blocks shared by every payload schema. Messages are stable codes, not prose:
 * the page turns them into text in the visitor's language, the server returns them as-is.
 */
export type FieldErrorCode = 'required' | 'too_long' | 'invalid_email' | 'invalid_phone' | 'invalid';

/** The newsletter's "simple pattern" from the spec: text, @, text, dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RFC 5321 caps a forward path at 256 octets including the brackets. */
export const EMAIL_MAX = 254;

export const requiredText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too_long'));

export const optionalText = (max: number) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, 'too_long')));

export const email = () =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'required'),
    z.maxLength(EMAIL_MAX, 'too_long'),
    z.regex(EMAIL_PATTERN, 'invalid_email'),
  );

/**
 * Honeypot: a field hidden from people. Bots fill every input they find; a non-empty value
 * gets a success-looking answer and nothing is stored.
 */
export const honeypot = () => z.optional(z.string().check(z.maxLength(500, 'too_long')));
export const HONEYPOT_FIELD = 'website';

/** Turns zod issues into one code per field (the first issue wins). */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string }>) {
  const out: Record<string, FieldErrorCode> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    if (key in out) continue;
    const known = ['required', 'too_long', 'invalid_email', 'invalid_phone'];
    out[key] = (known.includes(issue.message) ? issue.message : 'invalid') as FieldErrorCode;
  }
  return out;
}
