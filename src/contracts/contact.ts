import { z } from 'zod/mini';
import { email, honeypot, optionalText, proof, readable, requiredString, requiredText } from './fields';

export const CONTACT_LIMITS = { name: 120, phone: 32, company: 160, message: 5000 } as const;

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

/**
 * The contact request's own fields, in the form's order: the one list of them. The form's values
 * and labels, the stored row, the firm's e-mail, the webhook and the export are typed from it, so a
 * new field here is asked for by the compiler wherever it must appear (docs/adding-a-field.md).
 */
export const contactFields = {
  name: requiredText(CONTACT_LIMITS.name),
  phone: phoneNumber(),
  email: email(),
  company: optionalText(CONTACT_LIMITS.company),
  message: requiredText(CONTACT_LIMITS.message, 'lines'),
};
export type ContactField = keyof typeof contactFields;
export const CONTACT_FIELDS = Object.keys(contactFields) as ContactField[];
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
