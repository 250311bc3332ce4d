/**
 * The only module that knows the Vapi web SDK. It is imported lazily (its own chunk, ~80 KB gzip),
 * one instance serves the page's whole lifetime, and its events are translated into the demo's.
 * Everything else talks to the VoiceClient returned here.
 */
import type Vapi from '@vapi-ai/web';
import { site } from '../../../config/site';
import { isVoiceConfigured, type StartFailure, type StartResult, type VoiceClient, type VoiceClientEvent, type VoiceClientLoader, type VoiceConfig } from './voice-client';

type VapiClass = typeof Vapi;

/** Loads the SDK chunk. Vite wraps the CommonJS package: the class may sit one `default` deeper. */
export async function importVapi(): Promise<VapiClass> {
  const module = (await import('@vapi-ai/web')) as unknown as { default: VapiClass | { default: VapiClass } };
  return typeof module.default === 'function' ? module.default : module.default.default;
}

/**
 * The SDK with the options this site needs. `avoidEval` makes Daily load its call machine with a
 * <script src> from c.daily.co instead of fetch + Function(), so the CSP needs no 'unsafe-eval'.
 */
export function createVapi(VapiSdk: VapiClass, config: { publicKey: string; apiBaseUrl?: string }): Vapi {
  return new VapiSdk(config.publicKey, config.apiBaseUrl, { avoidEval: true });
}

/**
 * A loader that creates the client once, on first use, and then always returns that one:
 * StrictMode, prefetch and repeated clicks share a single SDK instance (the SDK keeps its key and
 * base URL in a module-level singleton, so a second instance would be a bug anyway).
 */
export function voiceClientLoader(config: VoiceConfig): VoiceClientLoader {
  let shared: Promise<VoiceClient> | undefined;
  return () => {
    if (!isVoiceConfigured(config)) return Promise.resolve(null);
    shared ??= importVapi().then(
      (VapiSdk) => createVoiceClient(createVapi(VapiSdk, config), config.assistantId),
      (error: unknown) => {
        shared = undefined; // a failed chunk load (offline, new deploy) may succeed on the next click
        throw error;
      },
    );
    return shared;
  };
}

/** The page's voice client, configured by the build (VAPI_PUBLIC_KEY, VAPI_ASSISTANT_ID, VAPI_API_BASE_URL). */
export const loadVoiceClient: VoiceClientLoader = voiceClientLoader(site.vapi);

/**
 * Errors after which the SDK keeps the call going (it says so in its source): logged, not fatal.
 * Every other 'error' event ends the call, so the page never shows "Call Me" over a live microphone.
 */
const NON_FATAL_ERRORS = new Set(['audio-processing-setup-error', 'audio-processor-recovery-error', 'audio-observer-setup-error', 'video-recording-setup-error']);

/**
 * Wraps one SDK instance. Every listener, 'error' included, is registered here, before any start():
 * without an 'error' listener a failed start leaves the SDK stuck in "already started".
 */
export function createVoiceClient(vapi: Vapi, assistantId: string): VoiceClient {
  const listeners = new Set<(event: VoiceClientEvent) => void>();
  /** The start attempt under way, if any: until it settles only its outcome counts. */
  let attempt: Promise<StartResult> | null = null;
  let cancelRequested = false;
  /** What went wrong during the current attempt, for the visitor's message and the log. */
  let attemptProblems: unknown[] = [];

  const emit = (event: VoiceClientEvent) => {
    for (const listener of listeners) listener(event);
  };
  /** Events of the call itself count only outside an attempt, or for an attempt still wanted. */
  const live = () => attempt === null;

  const fail = (error: unknown) => {
    if (attempt) {
      attemptProblems.push(error);
      return;
    }
    emit({ type: 'error', reason: classify(error), error });
    void vapi.stop();
  };

  vapi.on('call-start', () => {
    if (cancelRequested) {
      void vapi.stop();
      return;
    }
    emit({ type: 'call-start' });
  });
  vapi.on('call-end', () => {
    if (live()) emit({ type: 'call-end' });
  });
  vapi.on('speech-start', () => {
    if (live()) emit({ type: 'speech-start' });
  });
  vapi.on('speech-end', () => {
    if (live()) emit({ type: 'speech-end' });
  });
  vapi.on('volume-level', (level: number) => {
    if (live()) emit({ type: 'volume', level: Math.min(1, Math.max(0, level)) });
  });
  vapi.on('message', (message: unknown) => {
    const transcript = asTranscript(message);
    if (transcript && live()) emit({ type: 'transcript', ...transcript });
  });
  vapi.on('error', (error: unknown) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && NON_FATAL_ERRORS.has(type)) {
      console.warn('Voice demo: the call goes on without an optional feature:', error);
      return;
    }
    fail(error);
  });
  vapi.on('camera-error', fail);
  vapi.on('call-start-failed', (event: unknown) => {
    if (attempt) attemptProblems.unshift(event); // the SDK's summary of the failure: logged first
  });

  async function run(): Promise<StartResult> {
    attemptProblems = [];
    const microphone = await requestMicrophone();
    if (cancelRequested) return { outcome: 'cancelled' };
    if (!microphone.ok) return { outcome: 'failed', reason: microphone.reason, error: microphone.error };

    let call: unknown = null;
    try {
      call = await vapi.start(assistantId);
    } catch (error) {
      attemptProblems.push(error);
    }
    if (cancelRequested) {
      if (call) await vapi.stop();
      return { outcome: 'cancelled' };
    }
    if (call) return { outcome: 'started' };
    const reasons = attemptProblems.map(classify);
    const reason = reasons.find((r) => r !== 'other') ?? 'other';
    return { outcome: 'failed', reason, error: attemptProblems.length > 1 ? attemptProblems : attemptProblems[0] };
  }

  return {
    start() {
      cancelRequested = false;
      attempt ??= run().finally(() => {
        attempt = null;
        cancelRequested = false;
      });
      return attempt;
    },
    stop() {
      if (attempt) cancelRequested = true;
      else void vapi.stop();
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

function asTranscript(message: unknown): { role: 'assistant' | 'user'; final: boolean } | null {
  if (!message || typeof message !== 'object') return null;
  const { type, role, transcriptType } = message as { type?: unknown; role?: unknown; transcriptType?: unknown };
  if (type !== 'transcript' || (role !== 'assistant' && role !== 'user')) return null;
  return { role, final: transcriptType === 'final' };
}
