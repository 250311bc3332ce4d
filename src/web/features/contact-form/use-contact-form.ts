import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { API_PATHS } from '../../../contracts/api';
import { CONTACT_FIELDS, type ContactField, contactRequestSchema } from '../../../contracts/contact';
import { fieldErrors, type FieldErrorCode } from '../../../contracts/fields';
import { useContent } from '../../lib/content-context';
import { postJson, type PostResult } from '../../lib/api';
import { noticeError, noticeSuccess } from '../../lib/notices';
import { useProofOfWork } from '../../lib/proof-of-work/use-proof-of-work';
import { sendWithProof } from '../../lib/proof-of-work/send';

/** What the visitor has typed in each of the contract's fields (an optional one left empty is sent as ''). */
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, ''])) as ContactValues;

/**
 * Contact form state per spec §4: idle → submitting → success (cleared, toast) or failure (values
 * kept, toast) → idle. The same schema as the server checks the values before anything is sent:
 * what it finds is said beside each field, in the page's language, and focus goes to the first
 * (the form has `noValidate`: the browser's own bubbles would speak its language, one at a time).
 * The notices stand clear of the form and its caption (lib/notices.ts). A success is said once at a
 * time: the spec's notice, then, once it has gone, in the form (`sent`) until the next edit.
 */
export function useContactForm(formRef: RefObject<HTMLFormElement | null>) {
  const { toasts } = useContent();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<Partial<Record<ContactField, FieldErrorCode>>>({});
  const [submitting, setSubmitting] = useState(false);
  const proof = useProofOfWork(formRef);
  const [sent, setSent] = useState(false);
  /** Counts the visitor's edits: a success notice that goes after one leaves nothing in the form. */
  const edits = useRef(0);
  // What the visitor has in view as a notice comes: the button and the notice under it (the form
  // is taller than a phone's screen: no notice could clear all of it).
  const keepClear = () => [formRef.current?.querySelector('button[type="submit"]') ?? null, document.getElementById('contact-privacy-notice')];

  function setField(field: ContactField, value: string) {
    edits.current += 1;
    setValues((current) => ({ ...current, [field]: value }));
    setSent(false);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Shows the errors, then focuses the first field they name: a screen reader reads it with its error. */
  function showErrors(form: HTMLFormElement, found: Partial<Record<ContactField, FieldErrorCode>>) {
    flushSync(() => setErrors(found));
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setSent(false);
    const honeypot = new FormData(form).get('website');
    const payload = { ...values, website: honeypot ? String(honeypot) : undefined };

    const checked = contactRequestSchema.safeParse(payload);
    if (!checked.success) {
      showErrors(form, fieldErrors(checked.error.issues));
      return;
    }

    setSubmitting(true);
    const result: PostResult = await sendWithProof(proof, (altcha) => postJson(API_PATHS.contact, { ...payload, altcha }));
    setSubmitting(false);

    if (result.ok) {
      setValues(EMPTY_CONTACT);
      setErrors({});
      const edit = edits.current;
      noticeSuccess(toasts.contact.success.title, {
        description: toasts.contact.success.description,
        keepClear: keepClear(),
        onGone: () => setSent(edits.current === edit),
      });
      return;
    }
    // The next attempt should not wait for its proof.
    proof.start();
    const message =
      result.error === 'not_configured'
        ? toasts.contact.notConfigured
        : result.error === 'rate_limited'
          ? toasts.contact.rateLimited
          : result.error === 'invalid_request'
            ? toasts.contact.invalid
            : result.error === 'invalid_proof'
              ? toasts.contact.proofFailed
              : toasts.contact.failed;
    if (result.error === 'invalid_request' && result.fields) showErrors(form, result.fields);
    if (message === toasts.contact.failed) console.error('Contact form submission failed:', result.error);
    // Any 503 (nothing could be stored): the spec's words, then the firm's phone (issue 27).
    const unavailable = result.error === 'not_configured' || result.error === 'unavailable';
    noticeError(message.title, {
      description: unavailable ? `${message.description} ${toasts.contact.phoneFallback}` : message.description,
      keepClear: keepClear(),
    });
  }

  return { values, errors, submitting, sent, setField, submit };
}
