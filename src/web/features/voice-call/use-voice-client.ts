import { useCallback, useEffect, useRef } from 'react';
import type { VoiceClient, VoiceClientEvent, VoiceClientLoader } from './voice-client';

/**
 * The voice SDK's client, loaded on first intent and kept for the page's lifetime, with `listener`
 * subscribed to its events (whichever listener is current). `get()` loads it (again, after a
 * failed load); `loaded()` is the client if it is loading or loaded, without starting a load.
 */
export function useVoiceClient(loadClient: VoiceClientLoader, listener: (event: VoiceClientEvent) => void) {
  const clientRef = useRef<Promise<VoiceClient> | null>(null);
  const unsubscribeRef = useRef<(() => void) | undefined>(undefined);
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  }, [listener]);

  useEffect(
    () => () => {
      // Also runs on StrictMode's rehearsal unmount: the next use subscribes again (same client).
      unsubscribeRef.current?.();
      unsubscribeRef.current = undefined;
      clientRef.current = null;
    },
    [],
  );

  const get = useCallback(() => {
    clientRef.current ??= loadClient().then(
      (client) => {
        unsubscribeRef.current?.();
        unsubscribeRef.current = client.subscribe((event) => listenerRef.current(event));
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

  const loaded = useCallback(() => clientRef.current, []);
  return { get, loaded };
}
