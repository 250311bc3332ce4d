/**
 * The demo's call flags and how each call event changes them.
 * Pure, so every transition is tested without a call; use-voice-call.ts feeds it the SDK's events.
 */
export type VoiceFlags = {
  connected: boolean;
  assistantSpeaking: boolean;
  userSpeaking: boolean;
  calling: boolean;
};

export type VoiceEvent =
  | { type: 'call-start' }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  /** The call is over, without a failure; `reason` when Vapi said why (endOfCall). */
  | { type: 'call-end'; reason?: CallEndReason }
  | { type: 'error' }
  | { type: 'transcript'; role: 'assistant' | 'user'; final: boolean; text: string }
  /** Fired by the hook 200 ms after a final assistant transcript. */
  | { type: 'assistant-done' };

export const IDLE: VoiceFlags = { connected: false, assistantSpeaking: false, userSpeaking: false, calling: false };

/** A final assistant transcript clears assistant-speaking after this delay. */
export const FINAL_TRANSCRIPT_CLEAR_MS = 200;

export function voiceReducer(flags: VoiceFlags, event: VoiceEvent): VoiceFlags {
  switch (event.type) {
    case 'call-start':
      return { ...flags, connected: true, calling: true };
    case 'speech-start':
      return { ...flags, assistantSpeaking: false, userSpeaking: true };
    case 'speech-end':
      return { ...flags, userSpeaking: false };
    case 'call-end':
    case 'error':
      return IDLE;
    case 'transcript':
      return event.role === 'assistant' ? { ...flags, assistantSpeaking: true, userSpeaking: false } : { ...flags, userSpeaking: true };
    case 'assistant-done':
      return { ...flags, assistantSpeaking: false };
  }
}

export type CallStatus = 'connected' | 'assistantSpeaking' | 'listening';

/** The status line shown during a call, or null when there is no call. */
export function callStatus(flags: VoiceFlags): CallStatus | null {
  if (!flags.calling) return null;
  if (flags.assistantSpeaking) return 'assistantSpeaking';
  if (flags.userSpeaking) return 'listening';
  return 'connected';
}

/**
 * Why a call ended, as a visitor understands it: the assistant said goodbye, the demo's time was
 * up, a silence lasted too long, or the visitor hung up.
 */
export type CallEndReason = 'assistant' | 'time-limit' | 'silence' | 'visitor';

/** Vapi's endings a visitor would call their own hang-up (the transfer variants cannot happen here). */
const VISITOR = /^customer-ended-call(?:-|$)/;
/** The assistant ended the call: its end-call tool (the closing hook's too), its end-call phrase. */
const ASSISTANT = /^assistant-(?:ended-call|said-end-call-phrase)(?:-|$)/;
/** Vapi's reasons for a call cut by a fault (`pipeline-error-*`, `call.in-progress.error-*`, `*-failed`, …). */
const FAILURE = /error|failed|^worker-shutdown$|^assistant-join-timed-out$|^phone-call-provider-closed-websocket$/;

/**
 * Groups the `endedReason` of Vapi's last status-update "ended" message (Vapi's
 * ServerMessageStatusUpdateEndedReason) into what the visitor is told: 'failure' for a call cut by
 * a fault (the page says the call was interrupted), a reason for a normal ending, undefined for an
 * ending the visitor needs no words about (no reason given, `manually-canceled`, `call-deleted`, …).
 * The closing hook at the time limit ends the call with the end-call tool, which Vapi reports as
 * `assistant-ended-call`: the agent's closing line has said why.
 */
export function endOfCall(endedReason: string | undefined): CallEndReason | 'failure' | undefined {
  if (!endedReason) return undefined;
  if (FAILURE.test(endedReason)) return 'failure';
  if (ASSISTANT.test(endedReason)) return 'assistant';
  if (VISITOR.test(endedReason)) return 'visitor';
  if (endedReason === 'exceeded-max-duration') return 'time-limit';
  if (endedReason === 'silence-timed-out' || endedReason === 'customer-did-not-answer') return 'silence';
  return undefined;
}
