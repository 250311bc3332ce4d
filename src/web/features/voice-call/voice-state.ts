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
  | { type: 'call-end' }
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
