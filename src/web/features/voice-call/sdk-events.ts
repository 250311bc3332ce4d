/**
 * What the Vapi web SDK and the browser report, read for the voice client (./vapi-client.ts): which
 * errors end a call, how Vapi and Daily say a call is over, the microphone's answer, and the
 * captions' transcripts. Nothing here imports the SDK.
 */
import type { StartFailure } from './voice-client';

/**
 * Errors after which the SDK keeps the call going (it says so in its source): logged, not fatal.
 * Every other 'error' event ends the call, so the page never shows "Call Me" over a live microphone.
 */
export const NON_FATAL_ERRORS = new Set([
  'audio-processing-setup-error',
  'audio-processor-recovery-error',
  'audio-observer-setup-error',
  'video-recording-setup-error',
]);

/**
 * Daily's fatal errors that say the meeting is over rather than broken: Vapi ends a call (the
 * assistant's goodbye, the closing hook, a silence, the maximum length) by ending its Daily room,
 * which Daily reports to the participant left in it as an 'error' of type 'ejected' ("Meeting has
 * ended"), or the room's or token's expiry. ('end-of-life' is not one: an unsupported daily-js.)
 */
const MEETING_ENDED_TYPES = new Set(['ejected', 'exp-room', 'exp-token']);
const MEETING_ENDED_MESSAGE = /meeting (?:has )?ended/i;

/** Whether an SDK 'error' is Daily saying the meeting has ended (the SDK forwards it as a 'daily-error'). */
export function meetingEnded(error: unknown): boolean {
  if ((error as { type?: unknown } | null)?.type !== 'daily-error') return false;
  // The SDK's serialized daily-js error event: { action: 'error', errorMsg, error: { type, msg } }.
  const daily = (error as { error?: { errorMsg?: unknown; message?: unknown; error?: { type?: unknown; msg?: unknown } } }).error;
  if (typeof daily?.error?.type === 'string' && MEETING_ENDED_TYPES.has(daily.error.type)) return true;
  return [daily?.errorMsg, daily?.message, daily?.error?.msg].some((text) => typeof text === 'string' && MEETING_ENDED_MESSAGE.test(text));
}

/** The `endedReason` of a status-update "ended" message (Vapi's, or the SDK's own on leaving), or undefined. */
export function endedReasonOf(message: unknown): string | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const { type, status, endedReason } = message as { type?: unknown; status?: unknown; endedReason?: unknown };
  return type === 'status-update' && status === 'ended' && typeof endedReason === 'string' ? endedReason : undefined;
}

/**
 * Asks for the microphone before any call is created: a refusal is then known for certain (and
 * costs no call), instead of surfacing as a vague join failure. The tracks are released at once;
 * Daily opens its own with the permission already granted.
 */
export async function requestMicrophone(): Promise<{ ok: true } | { ok: false; reason: StartFailure; error: unknown }> {
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
export function classify(error: unknown): StartFailure {
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

export function asTranscript(message: unknown): { role: 'assistant' | 'user'; final: boolean; text: string } | null {
  if (!message || typeof message !== 'object') return null;
  const { type, role, transcriptType, transcript } = message as { type?: unknown; role?: unknown; transcriptType?: unknown; transcript?: unknown };
  if (type !== 'transcript' || (role !== 'assistant' && role !== 'user')) return null;
  return { role, final: transcriptType === 'final', text: typeof transcript === 'string' ? transcript : '' };
}
