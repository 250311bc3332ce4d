import type { PostResult } from '../api';
import type { ProofOfWork } from '.';

/**
 * Posts with a proof of work. A proof the server refuses (expired while the tab slept, or spent by
 * a retry that did arrive) gets one more try with a new proof before the form says anything; a
 * proof that cannot be made at all is reported as the post's failure.
 */
export async function sendWithProof(proof: ProofOfWork, post: (altcha: string | undefined) => Promise<PostResult>): Promise<PostResult> {
  for (let attempt = 1; ; attempt++) {
    const made = await proof.take();
    if (!made.ok) return { ok: false, error: made.error === 'solver' ? 'invalid_proof' : made.error };
    const result = await post(made.altcha);
    if (result.ok || result.error !== 'invalid_proof' || attempt === 2) return result;
  }
}
