/**
 * Proofs of work for tests that post to the forms directly: a real challenge from the server under
 * test (GET /api/challenge), really solved with altcha-lib, sent in the payload format of the
 * ALTCHA widget. Cheap because testConfig sets PROOF_OF_WORK_ATTEMPTS low (a server setting), never
 * because verification is skipped.
 */
import { type Challenge, createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { CHALLENGE_PATH, PROOF_ALGORITHM } from '../src/contracts/proof-of-work';
import { PROOF_LIFETIME_MS } from '../src/server/core/proof-of-work';
import type { Store } from '../src/server/store';

/** base64 of `{ challenge, solution }`, as the widget sends it. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/**
 * A proof for a flood of thousands of posts, cheap by construction: a challenge the test signs
 * with the server's own secrets (read from its database, as the server does), of one PBKDF2
 * iteration and counter 0, solved. The server checks it as any other (its signature, expiry, the
 * key's signature, spent once), so the posts are valid posts; only the work, which no behaviour
 * of a flood depends on, is left out. Tests of the work itself get it from the route.
 */
export async function signedProof(store: Store): Promise<string> {
  const secrets = await store.proofSecrets();
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost: 1,
    counter: 0,
    deriveKey,
    expiresAt: new Date(Date.now() + PROOF_LIFETIME_MS),
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
  return solve(challenge);
}

/** A solved challenge from an app under `inject` (from `remoteAddress`, which the challenge's rate limit counts). */
export async function proofFrom(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: CHALLENGE_PATH, remoteAddress });
  if (answer.statusCode !== 200) throw new Error(`GET ${CHALLENGE_PATH}: ${answer.statusCode} ${answer.body}`);
  return solve(answer.json<Challenge>());
}

/** A solved challenge from a server listening at `origin`. */
export async function proofFromServer(origin: string): Promise<string> {
  const answer = await fetch(new URL(CHALLENGE_PATH, origin));
  if (answer.status !== 200) throw new Error(`GET ${CHALLENGE_PATH}: ${answer.status} ${await answer.text()}`);
  return solve((await answer.json()) as Challenge);
}

/** `app.inject` of a form post, its JSON payload carrying a fresh proof of work. */
export async function injectWithProof(app: FastifyInstance, options: Omit<InjectOptions, 'payload'> & { payload: Record<string, unknown> }) {
  const altcha = await proofFrom(app, options.remoteAddress);
  return app.inject({ method: 'POST', ...options, payload: { ...options.payload, altcha } });
}

/** For servers run as processes (test/server-process.ts): real challenges of two attempts at most. */
export const CHEAP_PROOF_ENV = { PROOF_OF_WORK_ATTEMPTS: '2', RATE_LIMIT_CHALLENGE: '10000/60' } as const;

/** `fetch` of a form post to a listening server, its JSON body carrying a fresh proof of work. */
export async function postWithProof(origin: string, path: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  const altcha = await proofFromServer(origin);
  return fetch(new URL(path, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...body, altcha }),
  });
}
