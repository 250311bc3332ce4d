/**
 * The proof of work every form post carries (ALTCHA, see src/server/core/proof-of-work.ts and
 * src/web/lib/proof-of-work/): what the page and the server must agree on.
 */

/**
 * GET: a signed challenge as altcha-lib creates it, or NO_PROOF_NEEDED when the server requires no
 * proof (PROOF_OF_WORK=off): then the page sends its posts without one.
 */
export const CHALLENGE_PATH = '/api/challenge';

/** The challenge route's answer (200) when the server takes posts without a proof. */
export const NO_PROOF_NEEDED = { required: false } as const;
export type NoProofNeeded = typeof NO_PROOF_NEEDED;

/** Each attempt derives a key with PBKDF2-SHA-256 (WebCrypto in the browser). */
export const PROOF_ALGORITHM = 'PBKDF2/SHA-256';

/** The JSON body's field holding the solution: base64 of the JSON `{ challenge, solution }`, the ALTCHA widget's payload. */
export const PROOF_FIELD = 'altcha';

/** Longest `altcha` value taken: far above what a payload for these parameters needs (about 600 characters). */
export const PROOF_PAYLOAD_MAX = 4_000;

/** Why a post's proof was refused (400 `invalid_proof`). */
export const PROOF_PROBLEMS = ['missing', 'invalid', 'expired', 'used'] as const;
export type ProofProblem = (typeof PROOF_PROBLEMS)[number];
