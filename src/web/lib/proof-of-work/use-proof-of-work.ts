import { type RefObject, useState } from 'react';
import { type ProofOfWork, createProofOfWork } from '.';
import { useWhenTouched } from '../use-when-touched';

/** A form's proof of work (./index.ts), started when the visitor first touches the form (../use-when-touched.ts). */
export function useProofOfWork(form: RefObject<HTMLFormElement | null>): ProofOfWork {
  const [proof] = useState(createProofOfWork);
  useWhenTouched(form, proof.start);
  return proof;
}
