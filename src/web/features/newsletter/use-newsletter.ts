import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { API_PATHS } from '../../../contracts/api';
import { EMAIL_PATTERN } from '../../../contracts/fields';
import { useContent } from '../../lib/content-context';
import { sentence } from '../../../content/formats';
import { postJson } from '../../lib/api';
import { noticeError, noticeSuccess } from '../../lib/notices';
import { sendWithProof } from '../../lib/proof-of-work/send';
import { useProofOfWork } from '../../lib/proof-of-work/use-proof-of-work';

/**
 * Newsletter sign-up per spec §4/§5/§8: the address is trimmed and checked before any request;
 * submitting disables the field and button; success clears the field. The post carries a proof
 * of work started when the field is first focused (see the contact form). Each of the spec's notices
 * stands clear of the form and its caption (`keepClear`, lib/notices.ts) and is also said where the
 * visitor is looking: an error beside the field at once (`error`, ending with a period as every
 * in-place error, and focus on the field when the check before sending finds it); a success in the
 * card (`done`) once its notice has gone, so it is said once at a time, until the next edit.
 */
export function useNewsletter(formRef: RefObject<HTMLFormElement | null>, keepClear: () => readonly (Element | null)[]) {
  const { toasts } = useContent();
  const [email, setEmailValue] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const proof = useProofOfWork(formRef);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; detail?: string } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  /** Counts the visitor's edits: a success notice that goes after one leaves nothing in the card. */
  const edits = useRef(0);
  const messages = toasts.newsletter;

  function setEmail(value: string) {
    edits.current += 1;
    setEmailValue(value);
    setError(null);
    setDone(null);
  }

  /** The spec's notice, and the same words beside the field. */
  function fail(message: string, { focus = false } = {}) {
    noticeError(message, { keepClear: keepClear() });
    flushSync(() => setError(sentence(message)));
    if (focus) field.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setDone(null);
    const trimmed = email.trim();
    if (!trimmed) {
      fail(messages.empty, { focus: true });
      return;
    }
    if (!EMAIL_PATTERN.test(trimmed)) {
      fail(messages.invalidEmail, { focus: true });
      return;
    }
    setError(null);
    const honeypot = new FormData(event.currentTarget).get('website');
    setSubmitting(true);
    const result = await sendWithProof(proof, (altcha) =>
      postJson(API_PATHS.newsletter, { email: trimmed, website: honeypot ? String(honeypot) : undefined, altcha }),
    );
    setSubmitting(false);
    if (!result.ok) proof.start();

    if (result.ok) {
      setEmailValue('');
      // Double opt-in: the same title, and where to confirm.
      const detail = result.confirmation === 'email' ? messages.confirmFromInbox : undefined;
      const edit = edits.current;
      noticeSuccess(messages.success, {
        description: detail,
        keepClear: keepClear(),
        onGone: () => {
          if (edits.current === edit) setDone({ message: messages.success, detail });
        },
      });
    } else if (result.error === 'already_subscribed') {
      fail(messages.duplicate);
    } else if (result.error === 'rate_limited') {
      fail(messages.rateLimited);
    } else if (result.error === 'invalid_proof') {
      fail(messages.proofFailed);
    } else if (result.error === 'invalid_request') {
      fail(messages.invalidEmail, { focus: true });
    } else {
      console.error('Newsletter sign-up failed:', result.error);
      fail(messages.failed);
    }
  }

  return { email, setEmail, submitting, error, done, field, submit };
}
