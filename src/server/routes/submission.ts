import type { FastifyRequest } from 'fastify';
import type { ApiSuccess } from '../../contracts/api';
import type { SubmissionOrigin } from '../store';

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

/** The site serves its default language at / and the others under /<code>/ (see the prerender step). */
const DEFAULT_LOCALE = 'en';
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
