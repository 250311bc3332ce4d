import { describe, expect, it } from 'vitest';
import { callStatus, IDLE, voiceReducer, type VoiceEvent, type VoiceFlags } from './voice-state';

const run = (events: VoiceEvent[], from: VoiceFlags = IDLE) => events.reduce(voiceReducer, from);

describe('demo call flags: each call event and what it changes', () => {
  it('call-start sets connected and calling', () => {
    expect(run([{ type: 'call-start' }])).toEqual({ connected: true, calling: true, assistantSpeaking: false, userSpeaking: false });
  });

  it('speech-start clears assistant-speaking and sets user-speaking; speech-end clears it', () => {
    const speaking = run([{ type: 'call-start' }, { type: 'transcript', role: 'assistant', final: false, text: '...' }, { type: 'speech-start' }]);
    expect(speaking).toMatchObject({ assistantSpeaking: false, userSpeaking: true });
    expect(run([{ type: 'speech-end' }], speaking).userSpeaking).toBe(false);
  });

  it('an assistant transcript sets assistant-speaking and clears user-speaking', () => {
    const flags = run([{ type: 'call-start' }, { type: 'speech-start' }, { type: 'transcript', role: 'assistant', final: false, text: '...' }]);
    expect(flags).toMatchObject({ assistantSpeaking: true, userSpeaking: false });
  });

  it('a user transcript sets user-speaking', () => {
    expect(run([{ type: 'call-start' }, { type: 'transcript', role: 'user', final: true, text: '...' }]).userSpeaking).toBe(true);
  });

  it('call-end and any error clear every flag', () => {
    const busy = run([{ type: 'call-start' }, { type: 'speech-start' }]);
    expect(run([{ type: 'call-end' }], busy)).toEqual(IDLE);
    expect(run([{ type: 'error' }], busy)).toEqual(IDLE);
  });
});

describe('status line', () => {
  it('is absent outside a call and reads by priority during one', () => {
    expect(callStatus(IDLE)).toBeNull();
    expect(callStatus(run([{ type: 'call-start' }]))).toBe('connected');
    expect(callStatus(run([{ type: 'call-start' }, { type: 'speech-start' }]))).toBe('listening');
    expect(callStatus(run([{ type: 'call-start' }, { type: 'transcript', role: 'assistant', final: false, text: '...' }]))).toBe('assistantSpeaking');
  });
});
