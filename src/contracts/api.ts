import { STATS_BEACON_PATH } from './stats';
import type { FieldErrorCode } from './fields';
import type { ProofProblem } from './proof-of-work';

/**
 * Every answer of /api/* is JSON of one of these shapes. The page decides what to show from
 * `error`, never from the status text.
 */
export type ApiSuccess = {
  ok: true;
  /**
   * Newsletter only, when the site confirms sign-ups by e-mail (double opt-in): the address is
   * not subscribed until the link sent to it is followed, so the page asks to check the inbox.
   */
  confirmation?: 'email';
};

/** Every error an /api/* answer can carry (the page decides what to show from it). */
export const API_ERROR_CODES = [
  /** 400: the body failed the payload schema; `fields` says which field and why. */
  'invalid_request',
  /**
   * 400: the post's proof of work (`altcha`) is missing, wrong, expired or already used (`proof`
   * says which); nothing was stored. The page solves a new challenge and tries once more.
   */
  'invalid_proof',
  /** 401 (POST /api/voice/events): not Vapi, by the Bearer secret it must send (VAPI_SERVER_SECRET); nothing stored. */
  'unauthorized',
  /**
   * 401 (POST /api/voice/call/web): the session key is unknown or older than its minute; no call
   * was placed. The page asks for a new session ("Call Me" again).
   */
  'session_expired',
  /** 401 (POST /api/voice/call/web): the session key has already placed its one call; no other was placed. */
  'session_used',
  /** 409 (newsletter): the address is already subscribed. */
  'already_subscribed',
  /** 413, 415: wrong content type or body too large. */
  'unsupported_body',
  /** 408: the request (headers or body) did not arrive in time; the connection is closed. */
  'timeout',
  /**
   * 429: a limit of this sender's own: its client's requests per window, or its network's leads
   * for the day; `retryAfter` in seconds, when that limit's window ends (also the Retry-After header).
   */
  'rate_limited',
  /** 503: storage is not configured or not usable on this server; for the voice demo, voice is not configured. */
  'not_configured',
  /**
   * 503 (voice demo): the day's minutes of demo calls (VOICE_MINUTES_PER_DAY), or this network's
   * share of them, are spent; `retryAfter` says when the next day's start.
   */
  'daily_budget_spent',
  /**
   * 503 (voice demo): every line (VOICE_MAX_CONCURRENT), or this network's share of them, is in
   * use, or held by keys about to become calls; `retryAfter` is a minute.
   */
  'lines_busy',
  /**
   * 503: nothing was stored: the database did not answer, or its disk is down to its reserve
   * (STORAGE_RESERVE). The forms then offer the firm's phone.
   */
  'unavailable',
  /**
   * 502 (POST /api/voice/call/web): Vapi refused to place the call or did not answer in time; the
   * session's line is free again and nothing is charged.
   */
  'call_failed',
  /**
   * 503 (GET /api/health only): a lead has waited longer than the server promises
   * (LEAD_DELIVERY_PROMISE_MS, src/server/outbox/promise.ts) to reach the firm by e-mail or
   * webhook; `oldestUndeliveredLeadSeconds` says how long.
   */
  'leads_waiting',
  /** 404 for unknown /api paths. */
  'not_found',
  /** 500: a bug; details are logged, never returned. */
  'internal',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export type ApiError = {
  ok: false;
  error: ApiErrorCode;
  fields?: Record<string, FieldErrorCode>;
  retryAfter?: number;
  /** invalid_proof only: why. */
  proof?: ProofProblem;
  /** GET /api/health only: the database answers but cannot take writes (disk full, read-only). */
  writable?: false;
  /** GET /api/health only (leads_waiting): how long, in whole seconds, the oldest lead the firm does not have yet has waited. */
  oldestUndeliveredLeadSeconds?: number;
  /** GET /api/health only (leads_waiting): since when e-mail to the firm is failing, if it is. */
  emailFailingSince?: string;
};

export type ApiResponse = ApiSuccess | ApiError;

export const API_PATHS = {
  contact: '/api/contact',
  newsletter: '/api/newsletter',
  voiceSession: '/api/voice/session',
  /**
   * Whether the voice demo can be tried now (configured, minutes left today, a line free), asked
   * once when the card comes into view: read-only, no proof of work, nothing counted (docs/voice.md).
   */
  voiceStatus: '/api/voice/status',
  /**
   * Where the page's voice SDK places its call (its API base is /api/voice): the server places it
   * with Vapi itself, with the session key as the SDK's Bearer (docs/voice.md).
   */
  voiceCallWeb: '/api/voice/call/web',
  /** Vapi's server messages: the callback requests its agent takes during a call (docs/voice.md). */
  voiceEvents: '/api/voice/events',
  /** The page's counting beacon (text/plain; src/contracts/stats.ts, docs/stats.md). */
  stats: STATS_BEACON_PATH,
} as const;
