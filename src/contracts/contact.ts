import { z } from 'zod/mini';
import { email, honeypot, optionalText, proof, requiredString, requiredText } from './fields';

export const CONTACT_LIMITS = { name: 120, phone: 32, company: 160, message: 5000 } as const;

/** Digits, spaces and the usual separators, an optional leading +, an optional extension. */
const PHONE_PATTERN = /^\+?[\d\s().-]{7,}(?:\s*(?:ext\.?|x|#|poste)\s*\d{1,6})?$/i;

/** A phone number as the form takes it (and the voice agent's callback requests: ./voice-lead.ts). */
export const phoneNumber = () =>
  requiredString().check(z.trim(), z.minLength(1, 'required'), z.maxLength(CONTACT_LIMITS.phone, 'too_long'), z.regex(PHONE_PATTERN, 'invalid_phone'));

export const contactRequestSchema = z.strictObject({
  name: requiredText(CONTACT_LIMITS.name),
  phone: phoneNumber(),
  email: email(),
  company: optionalText(CONTACT_LIMITS.company),
  message: requiredText(CONTACT_LIMITS.message, 'lines'),
  website: honeypot(),
  altcha: proof(),
});

export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactSubmission = z.output<typeof contactRequestSchema>;
