import { useRef } from 'react';
import { Send } from 'lucide-react';
import { useContent } from '../../lib/content-context';
import { Honeypot } from '../../components/Honeypot';
import { NoScriptNote } from '../../components/NoScriptNote';
import { PrivacyNotice } from '../../components/PrivacyNotice';
import { SentNote } from '../../components/SentNote';
import { primaryAction } from '../../components/styles';
import { TextField } from '../../components/TextField';
import type { PageEvent } from '../../../contracts/stats';
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from '../../../contracts/contact';
import { EMAIL_MAX } from '../../../contracts/fields';
import { useContactForm } from './use-contact-form';

/** How each of the contract's fields is typed in; a new field is asked for here by the compiler. */
const INPUTS = {
  name: { type: 'text', autoComplete: 'name', required: true, maxLength: CONTACT_LIMITS.name },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', required: true, maxLength: CONTACT_LIMITS.phone },
  email: { type: 'email', autoComplete: 'email', required: true, maxLength: EMAIL_MAX },
  company: { type: 'text', autoComplete: 'organization', maxLength: CONTACT_LIMITS.company },
  message: { multiline: true, required: true, maxLength: CONTACT_LIMITS.message },
} satisfies Record<ContactField, Partial<Parameters<typeof TextField>[0]>>;

export function ContactForm() {
  const { contact, fieldErrors, a11y, toasts } = useContent();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useContactForm(formRef);
  const { fields } = contact.form;

  const bind = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    label: fields[field].label,
    placeholder: fields[field].placeholder,
    value: form.values[field],
    error: form.errors[field] ? fieldErrors[form.errors[field]] : undefined,
    disabled: form.submitting,
    onChange: (event: { target: { value: string } }) => form.setField(field, event.target.value),
  });

  return (
    // method and action only matter without JavaScript (the server sends the browser back here,
    // where the note below says the form needs it): nothing typed goes into the address.
    // noValidate: the fields' errors are the form's own, in the page's language (use-contact-form.ts).
    <form
      method="post"
      action="#contact-form"
      noValidate
      onSubmit={form.submit}
      // Its first input counts as the form started (lib/count/beacon.ts).
      data-count-input={'form_started' satisfies PageEvent}
      ref={formRef}
      className="relative space-y-5"
      aria-describedby="contact-form-title"
    >
      <Honeypot id="contact-website" />
      {CONTACT_FIELDS.map((field) => (
        <TextField key={field} {...bind(field)} {...INPUTS[field]} hint={'required' in INPUTS[field] ? undefined : a11y.optionalMark} />
      ))}
      <NoScriptNote text={contact.form.noScript} />
      <button type="submit" aria-describedby="contact-privacy-notice" disabled={form.submitting} className={`${primaryAction} w-full px-6`}>
        <Send aria-hidden="true" focusable="false" className="size-5" />
        {form.submitting ? contact.form.submitting : contact.form.submit}
      </button>
      {form.sent ? <SentNote title={toasts.contact.success.title} description={toasts.contact.success.description} /> : null}
      <PrivacyNotice id="contact-privacy-notice" notice={contact.form.privacyNotice} />
    </form>
  );
}
