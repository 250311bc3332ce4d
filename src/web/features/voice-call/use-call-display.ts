import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type Captions, NO_CAPTIONS, captionsReducer } from './captions';
import type { VoiceClientEvent } from './voice-client';
import { type CallEndReason, FINAL_TRANSCRIPT_CLEAR_MS, IDLE, type VoiceFlags, voiceReducer } from './voice-state';

export type CallDisplay = {
  flags: VoiceFlags;
  captions: Captions;
  /** How long the last call lasted, in seconds, once it is over (until the next "Call Me"). */
  lastCallSeconds: number | null;
  /** Why the last call ended, when Vapi said so and it was not a failure (until the next "Call Me"). */
  lastCallEnd: CallEndReason | null;
  /** Whether a call had connected (call-start) and has not ended: a failure then is the call's, not its start's. */
  connected(): boolean;
  /** Feeds one call event (other than an error) to the flags, captions and voice level. */
  show(event: Exclude<VoiceClientEvent, { type: 'error' }>): void;
  /** A new call: no captions, no length, no reason. */
  clear(): void;
  /** The call is over (or failed): its length when it had connected, the unfinished caption, the level and flags at rest. */
  end(): void;
  levelRef(element: HTMLElement | null): void;
};

/**
 * What the card shows of a call: the status flags (voice-state.ts), the captions (captions.ts),
 * the assistant's voice level, and the call's length once it ends.
 */
export function useCallDisplay(): CallDisplay {
  const [flags, dispatch] = useReducer(voiceReducer, IDLE);
  const [captions, dispatchCaptions] = useReducer(captionsReducer, NO_CAPTIONS);
  const [lastCallSeconds, setLastCallSeconds] = useState<number | null>(null);
  const [lastCallEnd, setLastCallEnd] = useState<CallEndReason | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const levelElement = useRef<HTMLElement | null>(null);
  /** When the call connected (call-start); null outside a call. */
  const connectedAt = useRef<number | null>(null);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const end = useCallback(() => {
    clearTimeout(clearTimer.current);
    if (connectedAt.current !== null) setLastCallSeconds(Math.max(0, Math.round((Date.now() - connectedAt.current) / 1000)));
    connectedAt.current = null;
    dispatchCaptions({ type: 'call-end' });
    dispatch({ type: 'call-end' });
    levelElement.current?.style.setProperty('--voice-level', '0');
  }, []);

  const show = useCallback(
    (event: Exclude<VoiceClientEvent, { type: 'error' }>) => {
      switch (event.type) {
        case 'volume':
          // Through the CSSOM: no inline style in the markup, and no re-render ten times a second.
          levelElement.current?.style.setProperty('--voice-level', event.level.toFixed(2));
          return;
        case 'call-end':
          // Only for a call still shown as connected: not after "End Call", which ended it already.
          if (connectedAt.current !== null) setLastCallEnd(event.reason ?? null);
          end();
          return;
        case 'call-start':
          connectedAt.current = Date.now();
          break;
        case 'transcript':
          dispatchCaptions(event);
          if (event.role === 'assistant') {
            clearTimeout(clearTimer.current);
            if (event.final) clearTimer.current = setTimeout(() => dispatch({ type: 'assistant-done' }), FINAL_TRANSCRIPT_CLEAR_MS);
          }
          break;
        default:
          break;
      }
      dispatch(event);
    },
    [end],
  );

  const clear = useCallback(() => {
    setLastCallSeconds(null);
    setLastCallEnd(null);
    dispatchCaptions({ type: 'clear' });
  }, []);

  const levelRef = useCallback((element: HTMLElement | null) => {
    levelElement.current = element;
  }, []);

  return { flags, captions, lastCallSeconds, lastCallEnd, connected: () => connectedAt.current !== null, show, clear, end, levelRef };
}
