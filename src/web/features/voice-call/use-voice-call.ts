import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useContent } from '../../lib/content-context';
import { type Captions, NO_CAPTIONS, captionsReducer } from './captions';
import { loadVoiceClient } from './vapi-client';
import type { StartFailure, VoiceClient, VoiceClientEvent, VoiceClientLoader } from './voice-client';
import { type SessionRefusal, type SessionRequester, requestVoiceSession } from './voice-session';
import { FINAL_TRANSCRIPT_CLEAR_MS, IDLE, voiceReducer, type VoiceFlags } from './voice-state';

export type { VoiceClient, VoiceClientLoader } from './voice-client';

/** Said in the card instead of a call: the day's demo calls are spent, or this visitor started too many. */
/** Why no call started, said in the card (not in a notification over the section's title). */
export type VoiceNotice = Exclude<SessionRefusal, 'failed'>;

export type VoiceCall = {
  flags: VoiceFlags;
  /** True from "Call Me" until the call is connected or has failed: the button is disabled. */
  starting: boolean;
  start(): void;
  /** Ends the call, or abandons one still connecting. */
  stop(): void;
  /** Starts loading the client ahead of a click (hover or focus on the button). */
  prefetch(): void;
  /**
   * Ref for the element that shows the assistant's voice level: its `--voice-level` custom property
   * (0..1) follows the SDK's volume events, set through the CSSOM (no inline style in the markup,
   * and no re-render ten times a second).
   */
  levelRef(element: HTMLElement | null): void;
  /** The call's captions: kept when it ends, cleared when the next starts. */
  captions: Captions;
  /** Why no call started, when the card says it rather than a toast. */
  notice: VoiceNotice | null;
  /** How long the last call lasted, in seconds, once it is over (until the next "Call Me"). */
  lastCallSeconds: number | null;
};

/**
 * The demo's call: flags per spec §4 (voice-state.ts), captions (captions.ts), the start attempt
 * and what the visitor is told when it fails. "Call Me" asks the server for a session in the
 * page's language (voice-session.ts) while the client loads (on first intent; shared for the
 * page's lifetime), then starts the call with it.
 */
export function useVoiceCall(loadClient: VoiceClientLoader = loadVoiceClient, requestSession: SessionRequester = requestVoiceSession): VoiceCall {
  const { voiceDemo, locale } = useContent();
  const [flags, dispatch] = useReducer(voiceReducer, IDLE);
  const [captions, dispatchCaptions] = useReducer(captionsReducer, NO_CAPTIONS);
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<VoiceNotice | null>(null);
  const [lastCallSeconds, setLastCallSeconds] = useState<number | null>(null);
  const clientRef = useRef<Promise<VoiceClient> | null>(null);
  const unsubscribeRef = useRef<(() => void) | undefined>(undefined);
  /** Increases with every "Call Me" and every stop: a start result counts only for its own attempt. */
  const attemptRef = useRef(0);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const levelElement = useRef<HTMLElement | null>(null);
  /** When the call connected (call-start), for its length and the wording of a failure; null outside a call. */
  const connectedAt = useRef<number | null>(null);

  /** Ends what the page shows of a call: the length of one that had connected, the unfinished caption. */
  const reset = useCallback(() => {
    clearTimeout(clearTimer.current);
    if (connectedAt.current !== null) setLastCallSeconds(Math.max(0, Math.round((Date.now() - connectedAt.current) / 1000)));
    connectedAt.current = null;
    dispatchCaptions({ type: 'call-end' });
    setStarting(false);
    levelElement.current?.style.setProperty('--voice-level', '0');
  }, []);

  /** Resets everything and tells the visitor, in plain words, what went wrong. */
  const fail = useCallback(
    (reason: StartFailure, error: unknown) => {
      const duringCall = connectedAt.current !== null;
      attemptRef.current += 1;
      reset();
      dispatch({ type: 'error' });
      const { errors } = voiceDemo;
      const message =
        reason === 'microphone-denied'
          ? errors.microphoneDenied
          : reason === 'microphone-unavailable'
            ? errors.microphoneUnavailable
            : duringCall
              ? errors.callFailed
              : errors.startFailed;
      toast.error(message.title, { description: message.description });
      console.warn(duringCall ? 'Voice demo call failed:' : 'Voice demo could not start:', error);
    },
    [reset, voiceDemo],
  );

  const onEvent = useCallback(
    (event: VoiceClientEvent) => {
      switch (event.type) {
        case 'volume':
          levelElement.current?.style.setProperty('--voice-level', event.level.toFixed(2));
          return;
        case 'error':
          fail(event.reason, event.error);
          return;
        case 'call-end':
          reset();
          break;
        case 'call-start':
          connectedAt.current = Date.now();
          setStarting(false);
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
    [fail, reset],
  );
  // The subscription lives as long as the client; it calls whichever listener is current.
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  useEffect(
    () => () => {
      clearTimeout(clearTimer.current);
      attemptRef.current += 1; // an attempt still under way reports to no one
      // Also runs on StrictMode's rehearsal unmount: the next use subscribes again (same client).
      unsubscribeRef.current?.();
      unsubscribeRef.current = undefined;
      clientRef.current = null;
    },
    [],
  );

  const getClient = useCallback(() => {
    clientRef.current ??= loadClient().then(
      (client) => {
        unsubscribeRef.current?.();
        unsubscribeRef.current = client.subscribe((event) => onEventRef.current(event));
        return client;
      },
      (error: unknown) => {
        clientRef.current = null;
        throw error;
      },
    );
    return clientRef.current;
    // loadClient is used above; oxlint 1.89 misreads the `??=` and calls it unnecessary.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [loadClient]);

  /** No session: the card says why. */
  const refused = useCallback(
    (refusal: SessionRefusal) => {
      if (refusal === 'failed') {
        fail('other', new Error('the server gave no voice session'));
        return;
      }
      setStarting(false);
      setNotice(refusal);
    },
    [fail],
  );

  const start = useCallback(() => {
    const attempt = ++attemptRef.current;
    const current = () => attempt === attemptRef.current;
    setStarting(true);
    setNotice(null);
    setLastCallSeconds(null);
    dispatchCaptions({ type: 'clear' });
    // The session is asked for while the SDK chunk loads (usually loaded already, on hover).
    Promise.all([getClient(), requestSession(locale)])
      .then(async ([client, answer]) => {
        if (!current()) return;
        if (!answer.ok) {
          refused(answer.refusal);
          return;
        }
        const result = await client.start(answer.session);
        if (current() && result.outcome === 'failed') fail(result.reason, result.error); // 'started': call-start follows
      })
      .catch((error: unknown) => {
        // The SDK chunk did not load (offline, or a deploy replaced it).
        if (current()) fail('other', error);
      });
  }, [fail, getClient, locale, refused, requestSession]);

  const stop = useCallback(() => {
    attemptRef.current += 1;
    reset();
    dispatch({ type: 'call-end' });
    void clientRef.current?.then(
      (client) => client.stop(),
      () => {},
    );
  }, [reset]);

  const prefetch = useCallback(() => {
    getClient().catch(() => {
      // A failed prefetch is retried, and reported, on "Call Me".
    });
  }, [getClient]);

  const levelRef = useCallback((element: HTMLElement | null) => {
    levelElement.current = element;
  }, []);

  return { flags, starting, start, stop, prefetch, levelRef, captions, notice, lastCallSeconds };
}
