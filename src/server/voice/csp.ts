import type { CspExtras } from '../core/csp';

/**
 * What the Content-Security-Policy must allow for a real voice-demo call, and nothing more.
 * Added by the server at start-up, only when the voice demo is configured (src/server/core/config/):
 * turning the demo on or off needs a restart, not a rebuild.
 *
 * - Not Vapi's API: the page's SDK places its call through this server (POST /api/voice/call/web,
 *   'self'), which alone talks to Vapi.
 * - Daily, the SDK's WebRTC layer (call-object mode, per Daily's CSP guide):
 *   - script-src https://c.daily.co: the call-machine bundle, loaded with <script src> because the
 *     client passes `avoidEval: true` (otherwise Daily fetches it and runs it with Function(), which
 *     would need 'unsafe-eval').
 *   - script-src blob: and 'wasm-unsafe-eval': the call machine's audio worklets and the WebAssembly
 *     noise cancellation the SDK turns on for every call ('wasm-unsafe-eval' allows compiling
 *     WebAssembly only, not JavaScript eval). Workers fall back to script-src.
 *   - connect-src https://*.daily.co: room lookup, the gs.daily.co geography lookup, call signalling.
 *   - connect-src wss://*.wss.daily.co: the call's signalling WebSocket.
 *   - connect-src https://*.pluot.blue: Daily's media-server infrastructure.
 * - Left out on purpose: Daily's Sentry telemetry (o77906.ingest.sentry.io; not needed for a call,
 *   and visitors' data stays away from a third party), Banuba (video effects; the demo is audio
 *   only), frame-src (call-object mode has no iframe), media-src (the assistant's audio plays from
 *   a MediaStream, which media-src does not govern).
 */
export const VOICE_CSP = {
  extras: {
    'script-src': ['https://c.daily.co', 'blob:', "'wasm-unsafe-eval'"],
    'connect-src': ['https://*.daily.co', 'wss://*.wss.daily.co', 'https://*.pluot.blue'],
  },
} as const;

/** `extras` plus the voice demo's sources when the demo is on. */
export function withVoiceCsp(extras: CspExtras, voice: { enabled: boolean }): CspExtras {
  if (!voice.enabled) return extras;
  const merged: CspExtras = { ...extras };
  for (const [directive, sources] of Object.entries(VOICE_CSP.extras)) {
    const current = merged[directive] ?? [];
    merged[directive] = [...current, ...sources.filter((source) => !current.includes(source))];
  }
  return merged;
}
