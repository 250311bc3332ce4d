// Its own module, without zod: the page's call code imports it, and must not bring in the contract's
// validation library (the contact form's check loads zod on first touch only).

/**
 * The voice SDK's API base path on this site. The page gives it to the SDK (as an absolute URL, on
 * the page's origin) in place of Vapi's API; the SDK appends `/call/web`, so its one request is
 * POST /api/voice/call/web, with the session of POST /api/voice/session as its Bearer key. The
 * server places the call there with the firm's private key (Vapi's "proxy server" pattern) and
 * answers what the SDK joins with: 201 `{ id, webCallUrl, transport?, artifactPlan, assistant }`,
 * or 401 `session_expired` / `session_used`, 502 `call_failed`, 503.
 */
export const VOICE_API_BASE_PATH = '/api/voice';

/**
 * The assistant the page names to the SDK's start(): a placeholder. The SDK refuses to start
 * without an assistant, so it sends this one as `assistantId`; the server ignores the whole body
 * and picks the assistant from the session's language.
 */
export const VOICE_ASSISTANT_PLACEHOLDER = 'site-assistant';

/**
 * Where the server puts the session id when it places the call (`assistantOverrides.metadata`),
 * so that Vapi's reports of the call (status-update, end-of-call-report: `call.assistantOverrides`)
 * name the key it came from, and the server counts the call against that key's network.
 */
export const SESSION_METADATA_KEY = 'siteSession';

/**
 * What GET /api/voice/status answers (`{ state }`), before any "Call Me": the demo can be tried
 * (`ready`); the server has no demo for the language (`not_configured`); the day's minutes, or the
 * visitor's network's share, are spent (`minutes_spent`, until the firm's midnight); every line, or
 * the network's share, is in use (`lines_busy`, for a minute or so); the server cannot read its
 * database now (`unavailable`). Here, without zod, for the page's card.
 */
export const VOICE_DEMO_STATES = ['ready', 'not_configured', 'minutes_spent', 'lines_busy', 'unavailable'] as const;
export type VoiceDemoState = (typeof VOICE_DEMO_STATES)[number];
