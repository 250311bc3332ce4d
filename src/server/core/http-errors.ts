import createError from '@fastify/error';
import type { ApiError, ApiErrorCode } from '../../contracts/api';
import { fieldErrors } from '../../contracts/fields';
import type { ProofProblem } from '../../contracts/proof-of-work';
import { NetworkLimitError, StorageReserveError, StoreNotWritableError, StoreUnavailableError } from './database/errors';

/**
 * Errors the server answers on purpose, and the one function that turns any error into the
 * status and ApiResponse body of an /api answer. Only `internal` (500) means a bug.
 */

/**
 * An error class of @fastify/error's: its `code`, its message (the constructor's arguments put in
 * its `%s`) and `statusCode`, the status it is answered with; named as it always was, since a log
 * line's `type` is the name.
 */
function errorClass<Args extends unknown[] = []>(name: string, code: string, message: string, statusCode: number) {
  return class extends createError<string, number, Args>(code, message, statusCode) {
    override name = name;
  };
}

/** A request to POST /api/voice/events without Vapi's Bearer secret (VAPI_SERVER_SECRET). */
export const UnauthorizedError = errorClass('UnauthorizedError', 'ATELIER_UNAUTHORIZED', 'not authenticated as Vapi', 401);

/** Vapi refused to place a demo call, or did not answer in time (`{ cause }`): the session's line is free again. */
export const VoiceCallFailedError = errorClass<[{ cause: unknown }]>('VoiceCallFailedError', 'ATELIER_VOICE_CALL_FAILED', 'Vapi did not place the call', 502);

/** The voice demo has no credentials or no assistant for the language asked (src/server/core/config/). */
export const VoiceNotConfiguredError = errorClass<[locale: string]>(
  'VoiceNotConfiguredError',
  'ATELIER_VOICE_NOT_CONFIGURED',
  'the voice demo is not configured for %s',
  503,
);

/** The site folder this server started with is gone (a release deleted under it): it can serve no page. */
export const SiteGoneError = errorClass(
  'SiteGoneError',
  'ATELIER_SITE_GONE',
  'the site folder this server started with is gone: restart it to serve the current release',
  503,
);

/** The server is shutting down and takes no new requests. */
export const ShuttingDownError = errorClass('ShuttingDownError', 'ATELIER_SHUTTING_DOWN', 'server is shutting down', 503);

// The errors below carry what their answer says (the fields, the proof's problem, when to come
// back, how long a lead has waited): each is its @fastify/error class with a constructor taking it.

/** The body failed its payload schema. */
export class PayloadError extends errorClass('PayloadError', 'ATELIER_INVALID_PAYLOAD', 'payload failed validation', 400) {
  constructor(readonly issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
    super();
  }
}

/** The post's proof of work is missing, wrong, expired or already used (src/server/core/proof-of-work.ts). */
export class ProofRefusedError extends errorClass<[ProofProblem]>('ProofRefusedError', 'ATELIER_PROOF_REFUSED', 'proof of work refused: %s', 400) {
  constructor(readonly problem: ProofProblem) {
    super(problem);
  }
}

/** Thrown by the rate limiter (see core/plugins/rate-limit.ts). */
export class RateLimitedError extends errorClass('RateLimitedError', 'ATELIER_RATE_LIMITED', 'rate limit exceeded', 429) {
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** The day's minutes of demo calls (VOICE_MINUTES_PER_DAY), or this network's share of them, are spent: no more until the next day. */
export class DailyBudgetError extends errorClass('DailyBudgetError', 'ATELIER_DAILY_BUDGET_SPENT', "the voice demo's daily budget is spent", 503) {
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** Every line of the voice demo (VOICE_MAX_CONCURRENT), or this network's share of them, is in use: try again in a minute. */
export class LinesBusyError extends errorClass('LinesBusyError', 'ATELIER_LINES_BUSY', "the voice demo's lines are all in use", 503) {
  readonly retryAfterSeconds = 60;
}

/**
 * GET /api/health: a lead has waited longer than LEAD_DELIVERY_PROMISE_MS to reach the firm (its
 * e-mail and webhook jobs still pending or failed). `emailFailingSince`: e-mail to the firm is
 * failing, which is often why.
 */
export class LeadsWaitingError extends errorClass<[number]>(
  'LeadsWaitingError',
  'ATELIER_LEADS_WAITING',
  'a lead has waited %s s for the firm, past the promise',
  503,
) {
  constructor(
    readonly oldestUndeliveredLeadSeconds: number,
    readonly emailFailingSince: string | undefined,
  ) {
    super(oldestUndeliveredLeadSeconds);
  }
}

/**
 * POST /api/voice/call/web with a session key that cannot place a call: unknown or past its
 * minute ('session_expired'), or already used for its one call ('session_used'). Not @fastify/error's:
 * its `code` is that refusal, which the answer says and @fastify/error's own code would replace.
 */
export class VoiceSessionRefusedError extends Error {
  override name = 'VoiceSessionRefusedError';
  readonly statusCode = 401;
  constructor(readonly code: 'session_expired' | 'session_used') {
    super(`voice session refused: ${code}`);
  }
}

/**
 * Storage could not be opened at start-up (and has not come up since). Not @fastify/error's: it is
 * logged whole (voice/callback-requests.ts), where the `code` @fastify/error adds would be a new field.
 */
export class NotConfiguredError extends Error {
  override name = 'NotConfiguredError';
  readonly statusCode = 503;
  constructor() {
    super('storage is not configured or could not be opened');
  }
}

export const apiError = (error: ApiErrorCode, extra: Omit<ApiError, 'ok' | 'error'> = {}): ApiError => ({
  ok: false,
  error,
  ...extra,
});

export function toApiAnswer(error: unknown): { status: number; body: ApiError } {
  const body = bodyOf(error);
  // Ours carry their status; the store's errors know no HTTP: a network's leads spent is 429, the others 503.
  if (body) return { status: error instanceof NetworkLimitError ? 429 : (statusCodeOf(error) ?? 503), body };

  // Fastify's own errors (body parsing, content type, size) carry a 4xx statusCode.
  const status = statusCodeOf(error);
  if (status === 413 || status === 415) return { status, body: apiError('unsupported_body') };
  if (status === 404) return { status, body: apiError('not_found') };
  if (status !== undefined && status >= 400 && status < 500) return { status, body: apiError('invalid_request') };
  return { status: 500, body: apiError('internal') };
}

/** The answer's body for an error we answer on purpose (ours and the store's), else undefined. */
function bodyOf(error: unknown): ApiError | undefined {
  if (error instanceof PayloadError) return apiError('invalid_request', { fields: fieldErrors(error.issues) });
  if (error instanceof ProofRefusedError) return apiError('invalid_proof', { proof: error.problem });
  if (error instanceof UnauthorizedError) return apiError('unauthorized');
  if (error instanceof VoiceSessionRefusedError) return apiError(error.code);
  if (error instanceof VoiceCallFailedError) return apiError('call_failed');
  if (error instanceof RateLimitedError || error instanceof NetworkLimitError) return apiError('rate_limited', { retryAfter: error.retryAfterSeconds });
  if (error instanceof NotConfiguredError || error instanceof VoiceNotConfiguredError) return apiError('not_configured');
  if (error instanceof LinesBusyError) return apiError('lines_busy', { retryAfter: error.retryAfterSeconds });
  if (error instanceof DailyBudgetError) return apiError('daily_budget_spent', { retryAfter: error.retryAfterSeconds });
  if (error instanceof StoreNotWritableError) return apiError('unavailable', { writable: false });
  if (error instanceof LeadsWaitingError) {
    const { oldestUndeliveredLeadSeconds, emailFailingSince } = error;
    return apiError('leads_waiting', { oldestUndeliveredLeadSeconds, ...(emailFailingSince ? { emailFailingSince } : {}) });
  }
  if (error instanceof StoreUnavailableError || error instanceof ShuttingDownError || error instanceof StorageReserveError || error instanceof SiteGoneError) {
    return apiError('unavailable');
  }
  return undefined;
}

function statusCodeOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
