/**
 * The call's live captions, from the SDK's transcript messages: each final transcript becomes a
 * line with who spoke; the utterance still in progress (a partial transcript) is kept apart, per
 * speaker, until its final arrives. Pure, so the card's captions are tested without a call.
 */
export type Speaker = 'assistant' | 'user';

export type CaptionLine = { id: number; speaker: Speaker; text: string };

export type Captions = {
  /** Every final line of the call, oldest first (the card shows the last few). */
  lines: CaptionLine[];
  /** What each speaker is saying right now, not final yet. */
  partial: Partial<Record<Speaker, string>>;
};

export type CaptionEvent =
  | { type: 'transcript'; role: Speaker; final: boolean; text: string }
  /** The call is over: an utterance left unfinished is dropped, the lines stay. */
  | { type: 'call-end' }
  /** A new call starts. */
  | { type: 'clear' };

export const NO_CAPTIONS: Captions = { lines: [], partial: {} };

/** How many final lines the card shows: the rest scrolled out of its fixed-height box. */
export const VISIBLE_LINES = 12;

export function captionsReducer(captions: Captions, event: CaptionEvent): Captions {
  switch (event.type) {
    case 'clear':
      return NO_CAPTIONS;
    case 'call-end':
      return Object.keys(captions.partial).length === 0 ? captions : { ...captions, partial: {} };
    case 'transcript': {
      const text = event.text.trim();
      const others = { ...captions.partial };
      delete others[event.role];
      if (!event.final) return { ...captions, partial: text ? { ...others, [event.role]: text } : others };
      if (!text) return { ...captions, partial: others };
      return { lines: [...captions.lines, { id: captions.lines.length + 1, speaker: event.role, text }], partial: others };
    }
  }
}
