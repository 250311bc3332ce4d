/**
 * The only module that knows the Vapi web SDK. It is imported lazily (its own chunk, ~80 KB gzip),
 * and its events are translated into the demo's. Each call gets its own SDK instance: the SDK takes
 * its key at construction, and each call has its own short-lived key (POST /api/voice/session).
 * Everything else talks to the VoiceClient returned here.
 */
import type Vapi from '@vapi-ai/web';
import { site } from '../../../config/site';
import { SESSION_METADATA_KEY } from '../../../contracts/voice-call';
import type { StartFailure, StartResult, VoiceClient, VoiceClientEvent, VoiceClientLoader, VoiceSession } from './voice-client';

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
 * singleton: the instance made for a call is the one whose key its requests carry.
 */
export function createVapi(VapiSdk: VapiClass, config: { key: string; apiBaseUrl?: string | undefined }): Vapi {
  return new VapiSdk(config.key, config.apiBaseUrl, { avoidEval: true });
}

/** Makes the SDK instance of one call, from that call's key. */
export type VapiFactory = (key: string) => Vapi;

/**
 * A loader that creates the client once, on first use, and then always returns that one:
 * StrictMode, prefetch and repeated clicks share a single client (and a single SDK chunk).
 */
export function voiceClientLoader(apiBaseUrl: string | undefined): VoiceClientLoader {
  let shared: Promise<VoiceClient> | undefined;
  return () => {
    shared ??= importVapi().then(
      (VapiSdk) => createVoiceClient((key) => createVapi(VapiSdk, { key, apiBaseUrl })),
      (error: unknown) => {
        shared = undefined; // a failed chunk load (offline, new deploy) may succeed on the next click
        throw error;
      },
    );
    return shared;
  };
}

/** The page's voice client; the API base URL is the build's VAPI_API_BASE_URL (Vapi's API otherwise). */
export const loadVoiceClient: VoiceClientLoader = voiceClientLoader(site.vapi.apiBaseUrl);

/**
 * Errors after which the SDK keeps the call going (it says so in its source): logged, not fatal.
 * Every other 'error' event ends the call, so the page never shows "Call Me" over a live microphone.
 */
const NON_FATAL_ERRORS = new Set([
  'audio-processing-setup-error',
  'audio-processor-recovery-error',
  'audio-observer-setup-error',
  'video-recording-setup-error',
]);

/**
 * Runs calls, one SDK instance each (made by `newVapi` from the call's key). Every listener, 'error'
 * included, is registered on an instance before its start(): without an 'error' listener a failed
 * start leaves the SDK stuck in "already started". Events of an earlier call's instance are ignored.
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
    const fail = (error: unknown) => {
      if (attempt) {
        attemptProblems.push(error);
        return;
      }
      emit({ type: 'error', reason: classify(error), error });
      void instance.stop();
    };
    instance.on('call-start', () => {
      if (!mine()) return;
      if (cancelRequested) {
        void instance.stop();
        return;
      }
      emit({ type: 'call-start' });
    });
    // During an attempt, the end of a call that failed to start is reported once, as its result.
    instance.on('call-end', () => {
      if (wanted() && !attempt) emit({ type: 'call-end' });
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
      const transcript = asTranscript(message);
      if (transcript && wanted()) emit({ type: 'transcript', ...transcript });
    });
    instance.on('error', (error: unknown) => {
      if (!mine()) return;
      const type = (error as { type?: unknown } | null)?.type;
      if (typeof type === 'string' && NON_FATAL_ERRORS.has(type)) {
        console.warn('Voice demo: the call goes on without an optional feature:', error);
        return;
      }
      fail(error);
    });
    instance.on('camera-error', (error: unknown) => {
      if (mine()) fail(error);
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
    const instance = newVapi(session.token);
    vapi = instance;
    attach(instance);
    let call: unknown = null;
    try {
      // The session id goes back to the server with Vapi's reports of the call: the budget counts it against this key.
      call = await instance.start(session.assistantId, { metadata: { [SESSION_METADATA_KEY]: session.session } });
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

/**
 * Asks for the microphone before any call is created: a refusal is then known for certain (and
 * costs no call), instead of surfacing as a vague join failure. The tracks are released at once;
 * Daily opens its own with the permission already granted.
 */
async function requestMicrophone(): Promise<{ ok: true } | { ok: false; reason: StartFailure; error: unknown }> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) {
    return { ok: false, reason: 'microphone-unavailable', error: new Error('No microphone API: the page must be served over HTTPS') };
  }
  try {
    const stream = await media.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: classify(error), error };
  }
}

const DENIED = /NotAllowedError|PermissionDeniedError|SecurityError|Permission denied|"type":"permissions"|"blockedBy"/i;
const UNAVAILABLE = /NotFoundError|NotReadableError|OverconstrainedError|cam-mic-in-use|not-found|DevicesNotFoundError/i;

/** Reduces a browser or SDK error to what the visitor is told. */
function classify(error: unknown): StartFailure {
  const text = describe(error);
  if (DENIED.test(text)) return 'microphone-denied';
  if (UNAVAILABLE.test(text)) return 'microphone-unavailable';
  return 'other';
}

function describe(error: unknown): string {
  if (error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)) {
    return `${error.name}: ${error.message}`;
  }
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function asTranscript(message: unknown): { role: 'assistant' | 'user'; final: boolean; text: string } | null {
  if (!message || typeof message !== 'object') return null;
  const { type, role, transcriptType, transcript } = message as { type?: unknown; role?: unknown; transcriptType?: unknown; transcript?: unknown };
  if (type !== 'transcript' || (role !== 'assistant' && role !== 'user')) return null;
  return { role, final: transcriptType === 'final', text: typeof transcript === 'string' ? transcript : '' };
}
