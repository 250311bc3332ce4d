/**
 * What the page's forms need of the contracts without their schemas: the error codes, the e-mail
 * pattern and limits, the honeypot's name, the contact request's fields and limits. No zod here:
 * the forms are drawn and typed into with these alone, and the schemas (./fields.ts, ./contact.ts,
 * zod's core) load in the page only when a form is first touched.
 */

export const FIELD_ERROR_CODES = ['required', 'too_long', 'invalid_email', 'invalid_phone', 'invalid_characters', 'invalid'] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/**
 * The newsletter's simple pattern: text, @, text, dot, text, no spaces. Nor any of the characters
 * that separate or wrap addresses in a mail header (`a@x.example,ceo`, `CEO<x@x.example>`): the
 * address becomes the Reply-To of the firm's e-mail, and must name one mailbox. And a domain a mail
 * server can deliver to: names joined by single dots, at least two, none empty (`victim@mail.example.`,
 * with its final dot, was refused by the relay after being accepted here, then retried for hours).
 */
const ADDRESS_PART = '[^\\s@<>(),;:"[\\]\\\\]+';
const DOMAIN_LABEL = '[^\\s@<>(),;:"[\\]\\\\.]+';
export const EMAIL_PATTERN = new RegExp(`^${ADDRESS_PART}@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`);

/** RFC 5321 caps a forward path at 256 octets including the brackets. */
export const EMAIL_MAX = 254;

/** The honeypot field's name (./fields.ts, `honeypot`). */
export const HONEYPOT_FIELD = 'website';

/**
 * The contact request's own fields, in the form's order: the one list of them. ./contact.ts gives
 * each its rule (the compiler asks for a rule for each, and refuses one for a field not here); the
 * form's values and labels, the stored row, the firm's e-mail, the webhook and the export are
 * typed from it, so a new field here is asked for by the compiler wherever it must appear
 * (docs/adding-a-field.md).
 */
export const CONTACT_FIELDS = ['name', 'phone', 'email', 'company', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_LIMITS = { name: 120, phone: 32, company: 160, message: 5000 } as const;
