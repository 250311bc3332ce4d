/**
 * What the page's forms need of the contracts without their schemas: the error codes, the e-mail
 * pattern and limits, the honeypot's name, the contact request's fields and limits. No zod here:
 * the forms are drawn and typed into with these alone, and the schemas (./fields.ts, ./contact.ts,
 * zod's core) load in the page only when a form is first touched.
 */

export const FIELD_ERROR_CODES = ['required', 'too_long', 'invalid_email', 'invalid_phone', 'invalid_characters', 'invalid'] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/**
 * Characters that change how an address reads without being seen: bidirectional controls
 * (U+202A-U+202E, U+2066-U+2069, and the marks U+200E, U+200F, U+061C), which can show
 * `moc.elpmaxe@ofni` as `info@example.com`, and zero-width or blank ones (U+200B-U+200D,
 * U+2060-U+2064, U+FEFF, U+180E, the soft hyphen, the combining grapheme joiner, the Hangul
 * fillers), which make an address look like another it is not.
 */
const INVISIBLE = '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\u3164\\uFEFF\\uFFA0';

/**
 * The newsletter's simple pattern: text, @, text, dot, text, no spaces. Nor any of the characters
 * that separate or wrap addresses in a mail header (`a@x.example,ceo`, `CEO<x@x.example>`): the
 * address becomes the Reply-To of the firm's e-mail, and must name one mailbox. Nor an invisible
 * one (INVISIBLE). And a domain a mail server can deliver to: names joined by single dots, at least
 * two, none empty (`victim@mail.example.`, with its final dot, was refused by the relay after being
 * accepted here, then retried for hours). Every address the site takes follows it: the contact
 * form, the newsletter and the voice agent's callback requests (./fields.ts `email`).
 */
const ADDRESS_PART = `[^\\s@<>(),;:"[\\]\\\\${INVISIBLE}]+`;
const DOMAIN_LABEL = `[^\\s@<>(),;:"[\\]\\\\.${INVISIBLE}]+`;
export const EMAIL_PATTERN = new RegExp(`^${ADDRESS_PART}@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`);

/** RFC 5321 caps a forward path at 256 octets including the brackets. */
export const EMAIL_MAX = 254;

/**
 * Characters no one types and the firm could not read back: control characters (line breaks and
 * tabs are allowed where the field has lines), U+FFFD (what a body that was not valid UTF-8 decodes
 * to), and a lone UTF-16 surrogate (not a character; SQLite and PostgreSQL store it differently).
 * A one-line field takes no line break of any kind: neither the control characters (CR, LF, VT, FF,
 * U+0085 NEL) nor Unicode's line and paragraph separators (U+2028, U+2029), which drew a line of
 * their own ("Courriel : …") in the firm's e-mail.
 * Written as the pattern of what is readable (any other character, or a whole surrogate pair), so
 * that a JSON Schema made from these rules carries it too (src/contracts/voice-lead.ts). Pure: a
 * page that does not check it leaves it out of its bundle.
 */
const readablePattern = (controls: string) => new RegExp(`^(?:[^${controls}\\u007F-\\u009F\\uFFFD\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$`);
export const READABLE = {
  line: /* @__PURE__ */ readablePattern('\\u0000-\\u001F\\u2028\\u2029'),
  lines: /* @__PURE__ */ readablePattern('\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F'),
};

/**
 * Whether `text`, as it stands, is an e-mail address the site takes: the one rule of an address,
 * which ./fields.ts `email` applies to what visitors type (trimmed first, each check with its own
 * code) and the configuration to the firm's addresses (src/config/site-schema.ts,
 * src/server/core/config/env-schema.ts), so that a relay refuses none of them later.
 */
export const isEmailAddress = (text: string): boolean =>
  text.length > 0 && text === text.trim() && text.length <= EMAIL_MAX && READABLE.line.test(text) && EMAIL_PATTERN.test(text);

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
