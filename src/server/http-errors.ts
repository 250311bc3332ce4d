import type { ApiError, ApiErrorCode } from '../contracts/api';
import { fieldErrors } from '../contracts/fields';
import type { ProofProblem } from '../contracts/proof-of-work';
import { NetworkLimitError, StorageReserveError, StoreNotWritableError, StoreUnavailableError } from './store';

/**
 * Errors the server answers on purpose, and the one function that turns any error into the
 * status and ApiResponse body of an /api answer. Only `internal` (500) means a bug.
 */

/** The body failed its payload schema. */
export class PayloadError extends Error {
  override name = 'PayloadError';
  readonly statusCode = 400;
  constructor(readonly issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
    super('payload failed validation');
  }
}

/** The post's proof of work is missing, wrong, expired or already used (src/server/proof-of-work.ts). */
export class ProofRefusedError extends Error {
  override name = 'ProofRefusedError';
  readonly statusCode = 400;
  constructor(readonly problem: ProofProblem) {
    super(`proof of work refused: ${problem}`);
  }
}

/** Thrown by the rate limiter (see plugins/rate-limit.ts). */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('rate limit exceeded');
  }
}

/** Storage could not be opened at start-up (and has not come up since). */
export class NotConfiguredError extends Error {
  override name = 'NotConfiguredError';
  readonly statusCode = 503;
  constructor() {
    super('storage is not configured or could not be opened');
  }
}

/** The voice demo has no credentials or no assistant for the language asked (src/server/config/). */
export class VoiceNotConfiguredError extends Error {
  override name = 'VoiceNotConfiguredError';
  readonly statusCode = 503;
  constructor(locale: string) {
    super(`the voice demo is not configured for ${locale}`);
  }
}

/** A request to POST /api/voice/events without Vapi's Bearer secret (VAPI_SERVER_SECRET). */
export class UnauthorizedError extends Error {
  override name = 'UnauthorizedError';
  readonly statusCode = 401;
  constructor() {
    super('not authenticated as Vapi');
  }
}

/**
 * POST /api/voice/call/web with a session key that cannot place a call: unknown or past its
 * minute ('session_expired'), or already used for its one call ('session_used').
 */
export class VoiceSessionRefusedError extends Error {
  override name = 'VoiceSessionRefusedError';
  readonly statusCode = 401;
  constructor(readonly code: 'session_expired' | 'session_used') {
    super(`voice session refused: ${code}`);
  }
}

/** Vapi refused to place a demo call, or did not answer in time: the session's line is free again. */
export class VoiceCallFailedError extends Error {
  override name = 'VoiceCallFailedError';
  readonly statusCode = 502;
  constructor(override readonly cause: unknown) {
    super('Vapi did not place the call');
  }
}

/** The day's minutes of demo calls (VOICE_MINUTES_PER_DAY), or this network's share of them, are spent: no more until the next day. */
export class DailyBudgetError extends Error {
  override name = 'DailyBudgetError';
  readonly statusCode = 503;
  constructor(readonly retryAfterSeconds: number) {
    super("the voice demo's daily budget is spent");
  }
}

/** Every line of the voice demo (VOICE_MAX_CONCURRENT), or this network's share of them, is in use: try again in a minute. */
export class LinesBusyError extends Error {
  override name = 'LinesBusyError';
  readonly statusCode = 503;
  readonly retryAfterSeconds = 60;
  constructor() {
    super("the voice demo's lines are all in use");
  }
}

/** The site folder this server started with is gone (a release deleted under it): it can serve no page. */
export class SiteGoneError extends Error {
  override name = 'SiteGoneError';
  readonly statusCode = 503;
  constructor() {
    super('the site folder this server started with is gone: restart it to serve the current release');
  }
}

/**
 * GET /api/health: a lead has waited longer than LEAD_DELIVERY_PROMISE_MS to reach the firm (its
 * e-mail and webhook jobs still pending or failed). `emailFailingSince`: e-mail to the firm is
 * failing, which is often why.
 */
export class LeadsWaitingError extends Error {
  override name = 'LeadsWaitingError';
  readonly statusCode = 503;
  constructor(
    readonly oldestUndeliveredLeadSeconds: number,
    readonly emailFailingSince: string | undefined,
  ) {
    super(`a lead has waited ${oldestUndeliveredLeadSeconds} s for the firm, past the promise`);
  }
}

/** The server is shutting down and takes no new requests. */
export class ShuttingDownError extends Error {
  override name = 'ShuttingDownError';
  readonly statusCode = 503;
  constructor() {
    super('server is shutting down');
  }
}

export const apiError = (error: ApiErrorCode, extra: Omit<ApiError, 'ok' | 'error'> = {}): ApiError => ({
  ok: false,
  error,
  ...extra,
});

export function toApiAnswer(error: unknown): { status: number; body: ApiError } {
  if (error instanceof PayloadError) return { status: 400, body: apiError('invalid_request', { fields: fieldErrors(error.issues) }) };
  if (error instanceof ProofRefusedError) return { status: 400, body: apiError('invalid_proof', { proof: error.problem }) };
  if (error instanceof UnauthorizedError) return { status: 401, body: apiError('unauthorized') };
  if (error instanceof VoiceSessionRefusedError) return { status: 401, body: apiError(error.code) };
  if (error instanceof VoiceCallFailedError) return { status: 502, body: apiError('call_failed') };
  if (error instanceof RateLimitedError || error instanceof NetworkLimitError) {
    return { status: 429, body: apiError('rate_limited', { retryAfter: error.retryAfterSeconds }) };
  }
  if (error instanceof NotConfiguredError || error instanceof VoiceNotConfiguredError) return { status: 503, body: apiError('not_configured') };
  if (error instanceof LinesBusyError) return { status: 503, body: apiError('lines_busy', { retryAfter: error.retryAfterSeconds }) };
  if (error instanceof DailyBudgetError) return { status: 503, body: apiError('daily_budget_spent', { retryAfter: error.retryAfterSeconds }) };
  if (error instanceof StoreNotWritableError) return { status: 503, body: apiError('unavailable', { writable: false }) };
  if (error instanceof LeadsWaitingError) {
    const { oldestUndeliveredLeadSeconds, emailFailingSince } = error;
    return { status: 503, body: apiError('leads_waiting', { oldestUndeliveredLeadSeconds, ...(emailFailingSince ? { emailFailingSince } : {}) }) };
  }
  if (error instanceof StoreUnavailableError || error instanceof ShuttingDownError || error instanceof StorageReserveError || error instanceof SiteGoneError) {
    return { status: 503, body: apiError('unavailable') };
  }

  // Fastify's own errors (body parsing, content type, size) carry a 4xx statusCode.
  const status = statusCodeOf(error);
  if (status === 413 || status === 415) return { status, body: apiError('unsupported_body') };
  if (status === 404) return { status, body: apiError('not_found') };
  if (status !== undefined && status >= 400 && status < 500) return { status, body: apiError('invalid_request') };
  return { status: 500, body: apiError('internal') };
}

function statusCodeOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
