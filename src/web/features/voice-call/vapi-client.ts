/**
 * The only module that knows the Vapi web SDK. It is imported lazily (its own chunk, ~80 KB gzip),
 * and its events are translated into the demo's. The SDK talks to this site's server, never to
 * Vapi's API: its one request, POST /api/voice/call/web, carries the call's session (POST
 * /api/voice/session) as its key, and the server places the call with the firm's private key.
 * Each call gets its own SDK instance: the SDK takes its key at construction. Everything else
 * talks to the VoiceClient returned here.
 */
import type Vapi from '@vapi-ai/web';
import { VOICE_API_BASE_PATH, VOICE_ASSISTANT_PLACEHOLDER } from '../../../contracts/voice-call';
import type { StartResult, VoiceClient, VoiceClientEvent, VoiceClientLoader, VoiceSession } from './voice-client';
import { NON_FATAL_ERRORS, asTranscript, classify, endedReasonOf, meetingEnded, requestMicrophone } from './sdk-events';
import { endOfCall } from './voice-state';

type VapiClass = typeof Vapi;

/** Loads the SDK chunk. Vite wraps the CommonJS package: the class may sit one `default` deeper. */
export async function importVapi(): Promise<VapiClass> {
  const module = (await import('@vapi-ai/web')) as unknown as { default: VapiClass | { default: VapiClass } };
  return typeof module.default === 'function' ? module.default : module.default.default;
}

/**
 * The SDK with the options this site needs, for one call's key. `avoidEval` makes Daily load its
 * call machine with a <script src> from c.daily.co instead of fetch + Function(), so the CSP needs
 * no 'unsafe-eval'. The SDK keeps the key and base URL of the last instance made in a module-level
 * singleton: the instance made for a call is the one whose key its requests carry. It posts to
 * `${apiBaseUrl}/call/web`.
 */
export function createVapi(VapiSdk: VapiClass, config: { key: string; apiBaseUrl: string }): Vapi {
  return new VapiSdk(config.key, config.apiBaseUrl, { avoidEval: true });
}

/**
 * The SDK's API base URL: this site's server, on the page's origin (the SDK wants an absolute
 * URL, which it joins with `/call/web`). Read at call time: the page is prerendered without a location.
 */
export function siteVoiceApiBaseUrl(): string {
  return new URL(VOICE_API_BASE_PATH, location.origin).href;
}

/** Makes the SDK instance of one call, from that call's session (the SDK's key). */
export type VapiFactory = (session: string) => Vapi;

/**
 * A loader that creates the client once, on first use, and then always returns that one:
 * StrictMode, prefetch and repeated clicks share a single client (and a single SDK chunk).
 * `apiBaseUrl` says, at each call, where the SDK sends it (a stand-in in tests).
 */
export function voiceClientLoader(apiBaseUrl: () => string = siteVoiceApiBaseUrl): VoiceClientLoader {
  let shared: Promise<VoiceClient> | undefined;
  return () => {
    shared ??= importVapi().then(
      (VapiSdk) => createVoiceClient((session) => createVapi(VapiSdk, { key: session, apiBaseUrl: apiBaseUrl() })),
      (error: unknown) => {
        shared = undefined; // a failed chunk load (offline, new deploy) may succeed on the next click
        throw error;
      },
    );
    return shared;
  };
}

/** The page's voice client: its calls go through this site's server (VOICE_API_BASE_PATH). */
export const loadVoiceClient: VoiceClientLoader = voiceClientLoader();

/**
 * Runs calls, one SDK instance each (made by `newVapi` from the call's session). Every listener,
 * 'error' included, is registered on an instance before its start(): without an 'error' listener a
 * failed start leaves the SDK stuck in "already started". Events of an earlier call's instance are
 * ignored.
 *
 * A call that Vapi ends, or the visitor, is reported once, as a `call-end` with the reason of
 * Vapi's last status-update "ended" message (endOfCall), whether the SDK reports the end as its
 * `call-end` or Daily first as an ejection 'error'; one that Vapi ended because of a fault
 * (`pipeline-error-*`, …) is reported as an `error`, like a connection lost.
 */
export function createVoiceClient(newVapi: VapiFactory): VoiceClient {
  const listeners = new Set<(event: VoiceClientEvent) => void>();
  /** The instance of the current (or last) call. */
  let vapi: Vapi | null = null;
  /** The start attempt under way, if any: until it settles only its outcome counts. */
  let attempt: Promise<StartResult> | null = null;
  let cancelRequested = false;
  /** What went wrong during the current attempt, for the visitor's message and the log. */
  let attemptProblems: unknown[] = [];

  const emit = (event: VoiceClientEvent) => {
    for (const listener of listeners) listener(event);
  };

  function attach(instance: Vapi) {
    const mine = () => instance === vapi;
    /** Events of the call itself: not of a call the visitor cancelled. */
    const wanted = () => mine() && !cancelRequested;
    /** The assistant has answered (call-start). */
    let answered = false;
    /** Why Vapi says the call ended: the last status-update "ended" message's endedReason. */
    let endedReason: string | undefined;
    /** The call's end (or failure) has been reported: what the SDK says after it is not news. */
    let over = false;
    const fail = (error: unknown) => {
      if (attempt) {
        attemptProblems.push(error);
        return;
      }
      over = true;
      emit({ type: 'error', reason: classify(error), error });
      void instance.stop();
    };
    /**
     * The call is over (the SDK or Daily says so; the caller stops the SDK if need be): a normal
     * ending, or a failure when Vapi's reason says a fault cut it.
     */
    const finish = () => {
      over = true;
      const end = endOfCall(endedReason);
      if (end === 'failure') emit({ type: 'error', reason: 'other', error: { type: 'call-ended-by-fault', endedReason } });
      else emit(end ? { type: 'call-end', reason: end } : { type: 'call-end' });
    };
    instance.on('call-start', () => {
      if (!mine()) return;
      if (cancelRequested) {
        void instance.stop();
        return;
      }
      answered = true;
      emit({ type: 'call-start' });
    });
    // During an attempt, the end of a call that failed to start is reported once, as its result.
    instance.on('call-end', () => {
      if (wanted() && !attempt && !over) finish();
    });
    instance.on('speech-start', () => {
      if (wanted()) emit({ type: 'speech-start' });
    });
    instance.on('speech-end', () => {
      if (wanted()) emit({ type: 'speech-end' });
    });
    instance.on('volume-level', (level: number) => {
      if (wanted()) emit({ type: 'volume', level: Math.min(1, Math.max(0, level)) });
    });
    instance.on('message', (message: unknown) => {
      if (!mine()) return;
      endedReason = endedReasonOf(message) ?? endedReason;
      const transcript = asTranscript(message);
      if (transcript && wanted()) emit({ type: 'transcript', ...transcript });
    });
    instance.on('error', (error: unknown) => {
      if (!mine() || over) return;
      const type = (error as { type?: unknown } | null)?.type;
      if (typeof type === 'string' && NON_FATAL_ERRORS.has(type)) {
        console.warn('Voice demo: the call goes on without an optional feature:', error);
        return;
      }
      if (answered && !attempt && meetingEnded(error)) {
        // Vapi ended the call (or its room expired): told now, before Daily's left-meeting.
        finish();
        void instance.stop();
        return;
      }
      fail(error);
    });
    instance.on('camera-error', (error: unknown) => {
      if (mine() && !over) fail(error);
    });
    instance.on('call-start-failed', (event: unknown) => {
      if (mine() && attempt) attemptProblems.unshift(event); // the SDK's summary of the failure: logged first
    });
  }

  async function run(session: VoiceSession): Promise<StartResult> {
    attemptProblems = [];
    const microphone = await requestMicrophone();
    if (cancelRequested) return { outcome: 'cancelled' };
    if (!microphone.ok) return { outcome: 'failed', reason: microphone.reason, error: microphone.error };

    // The previous call is over (a new attempt starts only then): its instance is let go. (The
    // SDK's removeAllListeners() without a name removes nothing: it passes `undefined` on as one.)
    const previous = vapi;
    for (const name of previous?.eventNames() ?? []) previous?.removeAllListeners(name as Parameters<Vapi['removeAllListeners']>[0]);
    const instance = newVapi(session.session);
    vapi = instance;
    attach(instance);
    let call: unknown = null;
    try {
      // The server picks the assistant (the session's language) and writes the call's metadata: the
      // SDK only needs an assistant named, or it refuses to start. Any non-2xx of the server (an
      // expired or used session, Vapi refusing) is a start-method-error and a null here.
      call = await instance.start(VOICE_ASSISTANT_PLACEHOLDER);
    } catch (error) {
      attemptProblems.push(error);
    }
    if (cancelRequested) {
      if (call) await instance.stop();
      return { outcome: 'cancelled' };
    }
    if (call) return { outcome: 'started' };
    const reasons = attemptProblems.map(classify);
    const reason = reasons.find((r) => r !== 'other') ?? 'other';
    return { outcome: 'failed', reason, error: attemptProblems.length > 1 ? attemptProblems : attemptProblems[0] };
  }

  return {
    start(session) {
      cancelRequested = false;
      attempt ??= run(session).finally(() => {
        attempt = null;
        cancelRequested = false;
      });
      return attempt;
    },
    stop() {
      if (attempt) cancelRequested = true;
      else void vapi?.stop();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
