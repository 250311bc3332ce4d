import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { API_PATHS } from '../../../contracts/api';
import { EMAIL_PATTERN } from '../../../contracts/form-rules';
import { useContent } from '../../lib/content-context';
import { postJson } from '../../lib/api';
import { noticeError, noticeSuccess } from '../../lib/notices';
import { sendWithProof } from '../../lib/proof-of-work/send';
import { useProofOfWork } from '../../lib/proof-of-work/use-proof-of-work';

/**
 * Newsletter sign-up: the address is trimmed and checked before any request;
 * submitting disables the field and button; success clears the field. The post carries a proof
 * of work started when the field is first focused (see the contact form). Each of its notices
 * stands clear of the form and its caption (`keepClear`, lib/notices.ts). An error is said once,
 * in its notice, as the specification has it: the field is only marked (`invalid`: its border,
 * `aria-invalid`) and, when the check before sending finds it, focused. A success is said in the
 * card too (`done`) once its notice has gone, so it is said once at a time, until the next edit.
 */
export function useNewsletter(formRef: RefObject<HTMLFormElement | null>, keepClear: () => readonly (Element | null)[]) {
  const { toasts } = useContent();
  const [email, setEmailValue] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const proof = useProofOfWork(formRef);
  const [invalid, setInvalid] = useState(false);
  const [done, setDone] = useState<{ message: string; detail?: string } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  /** Counts the visitor's edits: a success notice that goes after one leaves nothing in the card. */
  const edits = useRef(0);
  const messages = toasts.newsletter;

  function setEmail(value: string) {
    edits.current += 1;
    setEmailValue(value);
    setInvalid(false);
    setDone(null);
  }

  /** The notice, the one place an error is said; the field marked, and focused when it is the problem. */
  function fail(message: string, { focus = false } = {}) {
    noticeError(message, { keepClear: keepClear() });
    flushSync(() => setInvalid(true));
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
    setInvalid(false);
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

  return { email, setEmail, submitting, invalid, done, field, submit };
}
