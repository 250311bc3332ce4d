import { contactRequestSchema } from '../../../contracts/contact';
import { fieldErrors } from '../../../contracts/fields';
import type { ContactField, FieldErrorCode } from '../../../contracts/form-rules';

/**
 * The contact request checked with the server's own contract before it is sent: what it finds,
 * one code per field, or nothing. A chunk of its own (zod's core, about 6 KB brotli), loaded when
 * the visitor first touches the form (./use-contact-form.ts), not with the page.
 */
export function contactErrors(payload: Record<string, unknown>): Partial<Record<ContactField, FieldErrorCode>> | undefined {
  const checked = contactRequestSchema.safeParse(payload);
  return checked.success ? undefined : fieldErrors(checked.error.issues);
}
