import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { site } from '../../../config/site';
import { useContent } from '../../app/content-context';
import { FINAL_TRANSCRIPT_CLEAR_MS, IDLE, voiceReducer, type VoiceEvent, type VoiceFlags } from './voice-state';

/**
 * What the demo needs from a voice-call client. The real one wraps the Vapi web SDK and is loaded
 * only when the visitor shows intent (see voice-client.ts); tests may pass their own.
 */
export type VoiceClient = {
  start(): Promise<void>;
  stop(): void;
  /** Subscribes to call events; returns the unsubscribe function. */
  subscribe(listener: (event: VoiceEvent | { type: 'start-failed'; reason: 'microphone' | 'other'; error: unknown }) => void): () => void;
};

export type VoiceClientLoader = () => Promise<VoiceClient | null>;

export type VoiceCall = {
  flags: VoiceFlags;
  /** True from "Call Me" until the call is connected or has failed: the button is disabled. */
  starting: boolean;
  /** False when the site has no voice-agent key configured. */
  available: boolean;
  start(): void;
  stop(): void;
  /** Starts loading the client ahead of a click (hover or focus on the button). */
  prefetch(): void;
};

/** Until the SDK is wired in, no client can be loaded. */
const noClient: VoiceClientLoader = async () => null;

export function useVoiceCall(loadClient: VoiceClientLoader = noClient): VoiceCall {
  const { voiceDemo } = useContent();
  const [flags, dispatch] = useReducer(voiceReducer, IDLE);
  const [starting, setStarting] = useState(false);
  const clientRef = useRef<Promise<VoiceClient | null> | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const available = Boolean(site.vapi.publicKey && site.vapi.assistantId);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const onEvent = useCallback(
    (event: Parameters<Parameters<VoiceClient['subscribe']>[0]>[0]) => {
      if (event.type === 'start-failed') {
        setStarting(false);
        dispatch({ type: 'error' });
        const message = event.reason === 'microphone' ? voiceDemo.errors.microphoneDenied : voiceDemo.errors.startFailed;
        toast.error(message.title, { description: message.description });
        console.warn('Voice demo could not start:', event.error);
        return;
      }
      if (event.type === 'call-start' || event.type === 'call-end' || event.type === 'error') setStarting(false);
      if (event.type === 'transcript' && event.role === 'assistant') {
        clearTimeout(clearTimer.current);
        if (event.final) {
          clearTimer.current = setTimeout(() => dispatch({ type: 'assistant-done' }), FINAL_TRANSCRIPT_CLEAR_MS);
        }
      }
      dispatch(event);
    },
    [voiceDemo],
  );

  const getClient = useCallback(() => {
    if (!available) return Promise.resolve(null);
    clientRef.current ??= loadClient().then((client) => {
      client?.subscribe(onEvent);
      return client;
    });
    return clientRef.current;
  }, [available, loadClient, onEvent]);

  const start = useCallback(() => {
    if (!available) {
      toast.info(voiceDemo.unavailableTitle, { description: voiceDemo.unavailableDescription });
      return;
    }
    setStarting(true);
    void getClient().then((client) => {
      if (!client) {
        setStarting(false);
        toast.info(voiceDemo.unavailableTitle, { description: voiceDemo.unavailableDescription });
        return;
      }
      return client.start();
    });
  }, [available, getClient, voiceDemo]);

  const stop = useCallback(() => {
    void getClient().then((client) => client?.stop());
    setStarting(false);
    dispatch({ type: 'call-end' });
  }, [getClient]);

  const prefetch = useCallback(() => {
    void getClient();
  }, [getClient]);

  return { flags, starting, available, start, stop, prefetch };
}
