import type { VoiceEvent } from './voice-state';

/**
 * What the page gets from POST /api/voice/session: the key of one call, which the SDK sends to
 * this site's server (POST /api/voice/call/web); the server places the call in its language.
 */
export type VoiceSession = { session: string };

/**
 * What the demo needs from a voice-call client. The real one wraps the Vapi web SDK
 * (vapi-client.ts, loaded only when the visitor shows intent); nothing else knows the SDK.
 */
export type VoiceClient = {
  /**
   * Asks for the microphone, then has the server create the call with this session's key, and
   * joins it. Resolves once the attempt is over: 'started' means joined (the call-start event
   * follows when the assistant listens). Calling it again while an attempt is under way joins
   * that attempt (and withdraws a cancel).
   */
  start(session: VoiceSession): Promise<StartResult>;
  /** Ends the call; during an attempt, ends it as soon as the SDK lets go (it cannot abort one). */
  stop(): void;
  /** Subscribes to call events; returns the unsubscribe function. */
  subscribe(listener: (event: VoiceClientEvent) => void): () => void;
};

/** Why a start failed, as far as the visitor needs to know: each has its own message. */
export type StartFailure = 'microphone-denied' | 'microphone-unavailable' | 'other';

export type StartResult = { outcome: 'started' } | { outcome: 'cancelled' } | { outcome: 'failed'; reason: StartFailure; error: unknown };

export type VoiceClientEvent =
  | Exclude<VoiceEvent, { type: 'error' } | { type: 'assistant-done' }>
  /**
   * The call broke after it was joined (a Vapi fault counts, though Vapi ended the call itself);
   * the client has already stopped it. A normal ending is a `call-end`.
   */
  | { type: 'error'; reason: StartFailure; error: unknown }
  /** The assistant's voice level, 0..1, about every 100 ms during a call. */
  | { type: 'volume'; level: number };

export type VoiceClientLoader = () => Promise<VoiceClient>;
