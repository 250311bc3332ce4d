import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiSuccess } from '../../contracts/api';
import { DEFAULT_LOCALE } from '../../contracts/locales';
import { ProofRefusedError } from './http-errors';
import { networkOf } from './network';
import { type ProofSecrets, checkProof } from './proof-of-work';
import type { SubmissionOrigin } from './database/context';
import type { DatabaseStore } from './database/open';

export const CREATED: ApiSuccess = { ok: true };

/**
 * The honeypot (`website`, hidden from people) was filled: a bot. It gets the same 201 as a person
 * so it learns nothing, nothing is stored, and the request's log line says `honeypot: true`.
 * Looked at right after the schema, before the proof of work and the limits: whatever proof it
 * sent and whatever limit its network has met, it gets that 201, and counts against nothing. (The
 * per-client limit, RATE_LIMIT_CONTACT / RATE_LIMIT_NEWSLETTER, is counted before the body is
 * read, so for every post alike.)
 */
export function caughtByHoneypot(request: FastifyRequest, website: string | undefined): boolean {
  if (!website?.trim()) return false;
  request.logFields = { ...request.logFields, honeypot: true };
  return true;
}

/** Each store's proof secrets, read once (they never change). */
const secrets = new WeakMap<DatabaseStore, Promise<ProofSecrets>>();

export function proofSecretsOf(store: DatabaseStore): Promise<ProofSecrets> {
  let known = secrets.get(store);
  if (!known) {
    known = store.proofSecrets();
    // A failed read is not remembered: the next request asks the database again.
    known.catch(() => secrets.delete(store));
    secrets.set(store, known);
  }
  return known;
}

/**
 * The request's proof of work, checked and spent, or ProofRefusedError (400 invalid_proof): nothing
 * is stored or counted then. `beforeSpending` runs once the proof is found valid and before it is
 * spent, so that a request a limit refuses does not use its proof up. Any route that takes a proof
 * (the forms, the voice demo's session) calls this.
 */
export async function requireProof(
  app: FastifyInstance,
  request: FastifyRequest,
  altcha: string | undefined,
  required: boolean,
  beforeSpending?: () => Promise<void>,
): Promise<void> {
  if (!required) {
    await beforeSpending?.();
    return;
  }
  const store = app.storage.get();
  const checked = await checkProof(altcha, await proofSecretsOf(store));
  if (checked.ok) await beforeSpending?.();
  const problem = !checked.ok ? checked.problem : (await store.spendProof(checked.signature, checked.expiresAt)) === 'already' ? 'used' : undefined;
  if (problem) {
    request.logFields = { ...request.logFields, proof: problem };
    throw new ProofRefusedError(problem);
  }
}

/**
 * Whether this form post may be stored: its proof of work (requireProof), and the limits it would
 * meet looked at first (the storage reserve: StorageReserveError → 503; its network's leads for the
 * day: NetworkLimitError → 429 with the time its window ends). Runs after the schema (a post with a
 * bad field is told about the field) and the honeypot.
 */
export async function admitSubmission(app: FastifyInstance, request: FastifyRequest, altcha: string | undefined, proofRequired: boolean): Promise<void> {
  await requireProof(app, request, altcha, proofRequired, () => app.storage.get().checkSubmission(networkOf(request.ip)));
}

// The site serves its default language at / and the others under /<code>/ (see the prerender step).
const LOCALE_PREFIX = /^\/([a-z]{2})(?:\/|$)/;

/**
 * Where a post came from: its network (networkOf the client's address, for the limits and the
 * notifications' turns; never stored with the lead), and which page of the site it was sent from,
 * taken from the Referer header (our Referrer-Policy sends the full URL to our own origin). Only
 * our own pages count; anything else is left unknown (NULL).
 */
export function submissionOrigin(request: FastifyRequest): SubmissionOrigin {
  const network = networkOf(request.ip);
  const referer = request.headers.referer;
  if (!referer) return { network };
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return { network };
  }
  if (url.hostname !== request.hostname) return { network };
  const page = url.pathname.slice(0, 200);
  return { network, page, locale: LOCALE_PREFIX.exec(page)?.[1] ?? DEFAULT_LOCALE };
}
