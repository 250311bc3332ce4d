import { useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'sonner';
import { API_PATHS } from '../../../contracts/api';
import { EMAIL_PATTERN } from '../../../contracts/fields';
import { useContent } from '../../content/context';
import { postJson } from '../../lib/api';
import { sendWithProof } from '../../lib/proof-of-work/send';
import { useProofOfWork } from '../../lib/proof-of-work/use-proof-of-work';

/**
 * Newsletter sign-up per spec §4/§5/§8: the address is trimmed and checked before any request;
 * submitting disables the field and button; success clears the field. The post carries a proof
 * of work started when the field is first focused (see the contact form).
 */
export function useNewsletter(formRef: RefObject<HTMLFormElement | null>) {
  const { toasts } = useContent();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const proof = useProofOfWork(formRef);
  const messages = toasts.newsletter;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const trimmed = email.trim();
    if (!trimmed) {
      toast.error(messages.empty);
      return;
    }
    if (!EMAIL_PATTERN.test(trimmed)) {
      toast.error(messages.invalidEmail);
      return;
    }
    const honeypot = new FormData(event.currentTarget).get('website');
    setSubmitting(true);
    const result = await sendWithProof(proof, (altcha) => postJson(API_PATHS.newsletter, { email: trimmed, website: honeypot ? String(honeypot) : undefined, altcha }));
    setSubmitting(false);
    if (!result.ok) proof.start();

    if (result.ok) {
      setEmail('');
      // Double opt-in: the same title, and where to confirm.
      toast.success(messages.success, result.confirmation === 'email' ? { description: messages.confirmFromInbox } : undefined);
    } else if (result.error === 'already_subscribed') {
      toast.error(messages.duplicate);
    } else if (result.error === 'rate_limited') {
      toast.error(messages.rateLimited);
    } else if (result.error === 'invalid_proof') {
      toast.error(messages.proofFailed);
    } else if (result.error === 'invalid_request') {
      toast.error(messages.invalidEmail);
    } else {
      console.error('Newsletter sign-up failed:', result.error);
      toast.error(messages.failed);
    }
  }

  return { email, setEmail, submitting, submit };
}
