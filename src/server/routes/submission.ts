import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiSuccess } from '../../contracts/api';
import { DEFAULT_LOCALE } from '../../contracts/locales';
import { ProofRefusedError } from '../http-errors';
import { type ProofSecrets, checkProof } from '../proof-of-work';
import type { Store, SubmissionOrigin } from '../store';

export const CREATED: ApiSuccess = { ok: true };

/**
 * The honeypot (`website`, hidden from people) was filled: a bot. It gets the same 201 as a person
 * so it learns nothing, nothing is stored, and the request's log line says `honeypot: true`.
 */
export function caughtByHoneypot(request: FastifyRequest, website: string | undefined): boolean {
  if (!website?.trim()) return false;
  request.logFields = { ...request.logFields, honeypot: true };
  return true;
}

/** Each store's proof secrets, read once (they never change). */
const secrets = new WeakMap<Store, Promise<ProofSecrets>>();

export function proofSecretsOf(store: Store): Promise<ProofSecrets> {
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
 * The post's proof of work, checked and spent, or ProofRefusedError (400 invalid_proof): nothing
 * is stored then, and nothing counts toward the storage ceiling or the notifications. Runs after
 * the schema (a post with a bad field is told about the field) and before the honeypot.
 */
export async function requireProof(app: FastifyInstance, request: FastifyRequest, altcha: string | undefined, required: boolean): Promise<void> {
  if (!required) return;
  const store = app.storage.get();
  const checked = await checkProof(altcha, await proofSecretsOf(store));
  const problem = !checked.ok ? checked.problem : (await store.spendProof(checked.signature, checked.expiresAt)) === 'already' ? 'used' : undefined;
  if (problem) {
    request.logFields = { ...request.logFields, proof: problem };
    throw new ProofRefusedError(problem);
  }
}

// The site serves its default language at / and the others under /<code>/ (see the prerender step).
const LOCALE_PREFIX = /^\/([a-z]{2})(?:\/|$)/;

/**
 * Which page of the site a form was sent from, taken from the Referer header (our
 * Referrer-Policy sends the full URL to our own origin). Only our own pages count; anything
 * else is left unknown (NULL).
 */
export function submissionOrigin(request: FastifyRequest): SubmissionOrigin {
  const referer = request.headers.referer;
  if (!referer) return {};
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return {};
  }
  if (url.hostname !== request.hostname) return {};
  const page = url.pathname.slice(0, 200);
  return { page, locale: LOCALE_PREFIX.exec(page)?.[1] ?? DEFAULT_LOCALE };
}
