import { describe, expect, it } from 'vitest';
import { type CaptionEvent, NO_CAPTIONS, captionsReducer } from './captions';

const run = (events: CaptionEvent[]) => events.reduce(captionsReducer, NO_CAPTIONS);
const say = (role: 'assistant' | 'user', text: string, final = true): CaptionEvent => ({ type: 'transcript', role, final, text });

describe('live captions', () => {
  it('turns each final transcript into a line with who spoke, in order', () => {
    expect(run([say('assistant', 'Bonjour!'), say('user', ' Allô '), say('assistant', 'Comment puis-je vous aider?')]).lines).toEqual([
      { id: 1, speaker: 'assistant', text: 'Bonjour!' },
      { id: 2, speaker: 'user', text: 'Allô' },
      { id: 3, speaker: 'assistant', text: 'Comment puis-je vous aider?' },
    ]);
  });

  it('keeps the utterance in progress apart, per speaker, until its final replaces it', () => {
    const speaking = run([say('user', 'I would', false), say('user', 'I would like', false), say('assistant', 'Sure', false)]);
    expect(speaking).toEqual({ lines: [], partial: { user: 'I would like', assistant: 'Sure' } });
    const done = captionsReducer(speaking, say('user', 'I would like a callback.'));
    expect(done).toEqual({ lines: [{ id: 1, speaker: 'user', text: 'I would like a callback.' }], partial: { assistant: 'Sure' } });
    // An empty partial or final adds nothing.
    expect(run([say('user', '  ', false)]).partial).toEqual({});
    expect(run([say('user', 'Hm', false), say('user', ' ')])).toEqual(NO_CAPTIONS);
  });

  it('keeps the lines when the call ends, dropping what was unfinished; clears them for a new call', () => {
    const ended = run([say('assistant', 'Goodbye!'), say('user', 'By', false), { type: 'call-end' }]);
    expect(ended).toEqual({ lines: [{ id: 1, speaker: 'assistant', text: 'Goodbye!' }], partial: {} });
    expect(captionsReducer(ended, { type: 'call-end' })).toBe(ended);
    expect(captionsReducer(ended, { type: 'clear' })).toEqual(NO_CAPTIONS);
  });
});
