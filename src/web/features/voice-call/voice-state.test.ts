import { describe, expect, it } from 'vitest';
import { callStatus, endOfCall, IDLE, voiceReducer, type VoiceEvent, type VoiceFlags } from './voice-state';

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
    expect(run([{ type: 'call-end', reason: 'time-limit' }], busy)).toEqual(IDLE);
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

describe("why a call ended: Vapi's endedReason as the visitor is told it", () => {
  it.each([
    ['assistant-ended-call', 'assistant'],
    ['assistant-said-end-call-phrase', 'assistant'],
    ['assistant-ended-call-after-message-spoken', 'assistant'],
    ['assistant-ended-call-with-hangup-task', 'assistant'],
    ['exceeded-max-duration', 'time-limit'],
    ['silence-timed-out', 'silence'],
    ['customer-did-not-answer', 'silence'],
    ['customer-ended-call', 'visitor'],
    ['customer-ended-call-during-transfer', 'visitor'],
  ] as const)('%s is an ending: %s', (endedReason, reason) => {
    expect(endOfCall(endedReason)).toBe(reason);
  });

  it.each([
    'pipeline-error-openai-llm-failed',
    'pipeline-error-eleven-labs-voice-not-found',
    'call.in-progress.error-vapifault-openai-voice-failed',
    'call.in-progress.error-providerfault-deepgram-returning-502-network-error',
    'call.start.error-get-assistant',
    'assistant-request-failed',
    'twilio-failed-to-connect-call',
    'worker-shutdown',
    'assistant-join-timed-out',
  ])('%s is a failure', (endedReason) => {
    expect(endOfCall(endedReason)).toBe('failure');
  });

  it('says nothing of an ending the visitor needs no words about, or of none given', () => {
    for (const endedReason of ['manually-canceled', 'call-deleted', 'ended', 'voicemail', '', undefined]) expect(endOfCall(endedReason)).toBeUndefined();
  });
});
