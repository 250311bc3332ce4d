import { type RefObject, useEffect, useState } from 'react';
import { type ProofOfWork, createProofOfWork } from '.';

/**
 * A form's proof of work (./index.ts), started when focus first enters the form (any field), or
 * at once when a field already had focus as the form hydrated.
 */
export function useProofOfWork(form: RefObject<HTMLFormElement | null>): ProofOfWork {
  const [proof] = useState(createProofOfWork);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    if (element.contains(document.activeElement)) proof.start();
    const start = () => proof.start();
    element.addEventListener('focusin', start);
    return () => element.removeEventListener('focusin', start);
  }, [form, proof]);
  return proof;
}
