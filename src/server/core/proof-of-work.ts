import { randomInt } from 'node:crypto';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod/mini';
import { PROOF_ALGORITHM, PROOF_PAYLOAD_MAX, type ProofProblem } from '../../contracts/proof-of-work';
import { challengeParametersSchema } from '../../contracts/responses';

/**
 * Proof of work with ALTCHA (altcha-lib v2), so that every form post costs its sender real work,
 * done invisibly by the visitor's browser (src/web/lib/proof-of-work/), and nothing is sent to a
 * third party. Measurements and the attacker's cost: docs/security.md.
 *
 * A challenge is created in altcha-lib's deterministic mode: the server draws the counter the
 * solver must find and signs both the parameters and the key that counter derives, so checking a
 * solution is two HMACs, not a derivation. The counter is drawn uniformly from 0 to
 * PROOF_OF_WORK_ATTEMPTS − 1: every counter is as likely as every other, so no order of trying them
 * (from 0, from the top, at random, split across cores) finds it in fewer attempts on average than
 * the page's solver counting up from 0 (half the range). Each attempt is PBKDF2-SHA-256 of
 * PROOF_COST iterations: the browser's WebCrypto does it natively, so a visitor is about as fast per
 * core as a native solver (docs/security.md).
 *
 * The payload a form sends is the ALTCHA widget's own (base64 of the JSON `{ challenge, solution }`),
 * so any ALTCHA client can produce it. A proof is good once: its signature is recorded in the
 * database until it expires (store.spendProof), shared by every instance.
 */

/**
 * PBKDF2 iterations per attempt. Each WebCrypto call in the page costs a fixed hop to Chromium's
 * crypto threads and back beyond its iterations, which a native solver does not pay: with this many
 * iterations the hop is small beside the work, so an attacker's CPU per attempt is about the page's
 * (`npm run bench:proof`; figures in docs/security.md). The price: the server derives each
 * challenge's key with as many iterations.
 */
export const PROOF_COST = 5_000;
/** How long a challenge can be used: the page solves again when its proof gets this old. */
export const PROOF_LIFETIME_MS = 10 * 60_000;

export type ProofSecrets = { challenge: string; key: string };

export async function issueChallenge(secrets: ProofSecrets, maxAttempts: number): Promise<Challenge> {
  return createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost: PROOF_COST,
    counter: randomInt(0, maxAttempts),
    deriveKey,
    expiresAt: new Date(Date.now() + PROOF_LIFETIME_MS),
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
}

/** The widget's payload, as far as verification needs it; the signature check covers the rest. */
const payloadSchema = z.object({
  challenge: z.object({
    // This server's challenges always expire.
    parameters: z.extend(challengeParametersSchema, { expiresAt: z.number() }),
    signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
  solution: z.looseObject({ counter: z.number(), derivedKey: z.string() }),
});

export type CheckedProof = { ok: true; signature: string; expiresAt: Date } | { ok: false; problem: ProofProblem };

/**
 * Whether `altcha` is a valid, unexpired solution of a challenge this server signed. Does not
 * look at whether it was used before: that is store.spendProof, once the rest of the post is valid.
 */
export async function checkProof(altcha: string | undefined, secrets: ProofSecrets): Promise<CheckedProof> {
  if (altcha === undefined || altcha.trim() === '') return { ok: false, problem: 'missing' };
  if (altcha.length > PROOF_PAYLOAD_MAX) return { ok: false, problem: 'invalid' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'));
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success || parsed.data.challenge.parameters.algorithm !== PROOF_ALGORITHM) return { ok: false, problem: 'invalid' };
  const { challenge, solution } = parsed.data;
  const result = await verifySolution({
    challenge: challenge as Challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    deriveKey,
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
  if (result.expired) return { ok: false, problem: 'expired' };
  if (!result.verified) return { ok: false, problem: 'invalid' };
  return { ok: true, signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) };
}
