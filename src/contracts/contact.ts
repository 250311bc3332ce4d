import { z } from 'zod/mini';
import { email, honeypot, optionalText, proof, readable, requiredString, requiredText } from './fields';
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from './form-rules';

export { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField };

/** Digits, spaces and the usual separators, an optional leading +, an optional extension. */
const PHONE_PATTERN = /^\+?[\d\s().-]{7,}(?:\s*(?:ext\.?|x|#|poste)\s*\d{1,6})?$/i;

/**
 * A phone number as the form takes it (and the voice agent's callback requests: ./voice-lead.ts),
 * on one line like every one-line field: the pattern's spaces are any whitespace, and a line break
 * or a tab in it would break the lines of the firm's e-mail and the export.
 */
export const phoneNumber = () =>
  requiredString().check(
    z.trim(),
    z.minLength(1, 'required'),
    z.maxLength(CONTACT_LIMITS.phone, 'too_long'),
    readable(),
    z.regex(PHONE_PATTERN, 'invalid_phone'),
  );

/** The rule of each of the contact request's own fields (their list and order: CONTACT_FIELDS, ./form-rules.ts). */
export const contactFields = {
  name: requiredText(CONTACT_LIMITS.name),
  phone: phoneNumber(),
  email: email(),
  company: optionalText(CONTACT_LIMITS.company),
  message: requiredText(CONTACT_LIMITS.message, 'lines'),
} satisfies Record<ContactField, unknown>;
/** The fields a visitor may leave empty (stored as NULL then). */
export const OPTIONAL_CONTACT_FIELDS: readonly ContactField[] = CONTACT_FIELDS.filter((field) => contactFields[field] instanceof z.ZodMiniOptional);

export const contactRequestSchema = z.strictObject({
  ...contactFields,
  website: honeypot(),
  altcha: proof(),
});

export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactSubmission = z.output<typeof contactRequestSchema>;
/** What a contact request says, as the server checked it: its fields, without the honeypot and the proof. */
export type ContactDetails = Pick<ContactSubmission, ContactField>;
