import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { site } from '../../../config/site';
import { useContent } from '../../content/context';
import { isVoiceConfigured, type StartFailure, type VoiceClient, type VoiceClientEvent, type VoiceClientLoader } from './voice-client';
import { FINAL_TRANSCRIPT_CLEAR_MS, IDLE, voiceReducer, type VoiceFlags } from './voice-state';

export type { VoiceClient, VoiceClientLoader } from './voice-client';

export type VoiceCall = {
  flags: VoiceFlags;
  /** True from "Call Me" until the call is connected or has failed: the button is disabled. */
  starting: boolean;
  /** False when the site has no voice-agent key configured. */
  available: boolean;
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
};

/**
 * The demo's call: flags per spec §4 (voice-state.ts), the start attempt, and what the visitor is
 * told when it fails. The client is loaded on first intent and shared for the page's lifetime.
 */
export function useVoiceCall(loadClient: VoiceClientLoader, available: boolean = isVoiceConfigured(site.vapi)): VoiceCall {
  const { voiceDemo } = useContent();
  const [flags, dispatch] = useReducer(voiceReducer, IDLE);
  const [starting, setStarting] = useState(false);
  const clientRef = useRef<Promise<VoiceClient | null> | null>(null);
  const unsubscribeRef = useRef<(() => void) | undefined>(undefined);
  /** Increases with every "Call Me" and every stop: a start result counts only for its own attempt. */
  const attemptRef = useRef(0);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const levelElement = useRef<HTMLElement | null>(null);
  /** Whether the call had connected, for the wording of a failure. */
  const connectedRef = useRef(false);

  const reset = useCallback(() => {
    clearTimeout(clearTimer.current);
    connectedRef.current = false;
    setStarting(false);
    levelElement.current?.style.setProperty('--voice-level', '0');
  }, []);

  /** Resets everything and tells the visitor, in plain words, what went wrong. */
  const fail = useCallback(
    (reason: StartFailure, error: unknown) => {
      const duringCall = connectedRef.current;
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
          connectedRef.current = true;
          setStarting(false);
          break;
        case 'transcript':
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
      // Also runs on StrictMode's rehearsal unmount: the next use subscribes again (same client).
      unsubscribeRef.current?.();
      unsubscribeRef.current = undefined;
      clientRef.current = null;
    },
    [],
  );

  const getClient = useCallback(() => {
    if (!available) return Promise.resolve(null);
    clientRef.current ??= loadClient().then(
      (client) => {
        unsubscribeRef.current?.();
        unsubscribeRef.current = client?.subscribe((event) => onEventRef.current(event));
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
  }, [available, loadClient]);

  const start = useCallback(() => {
    if (!available) {
      toast.info(voiceDemo.unavailableTitle, { description: voiceDemo.unavailableDescription });
      return;
    }
    const attempt = ++attemptRef.current;
    const current = () => attempt === attemptRef.current;
    setStarting(true);
    getClient()
      .then(async (client) => {
        if (!current()) return;
        if (!client) {
          setStarting(false);
          toast.info(voiceDemo.unavailableTitle, { description: voiceDemo.unavailableDescription });
          return;
        }
        const result = await client.start();
        if (current() && result.outcome === 'failed') fail(result.reason, result.error); // 'started': call-start follows
      })
      .catch((error: unknown) => {
        // The SDK chunk did not load (offline, or a deploy replaced it).
        if (current()) fail('other', error);
      });
  }, [available, fail, getClient, voiceDemo]);

  const stop = useCallback(() => {
    attemptRef.current += 1;
    reset();
    dispatch({ type: 'call-end' });
    void clientRef.current?.then(
      (client) => client?.stop(),
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

  return { flags, starting, available, start, stop, prefetch, levelRef };
}
