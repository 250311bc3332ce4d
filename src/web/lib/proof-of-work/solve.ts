import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/**
 * Solves an ALTCHA challenge with altcha-lib's solver and WebCrypto's PBKDF2, and returns the
 * payload the server takes in `altcha`: base64 of the JSON `{ challenge, solution }`, as the ALTCHA
 * widget sends it. Runs in the solver's Web Worker (solver.worker.ts).
 */
export async function solveToPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof-of-work challenge was not solved in time');
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}
