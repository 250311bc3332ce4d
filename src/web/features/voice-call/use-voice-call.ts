import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useContent } from '../../lib/content-context';
import { createProofOfWork } from '../../lib/proof-of-work';
import type { Captions } from './captions';
import { useCallDisplay } from './use-call-display';
import { useVoiceClient } from './use-voice-client';
import { loadVoiceClient } from './vapi-client';
import type { StartFailure, VoiceClientEvent, VoiceClientLoader } from './voice-client';
import { type SessionRequester, requestVoiceSession } from './voice-session';
import type { CallEndReason, VoiceFlags } from './voice-state';
import { type DemoAvailability, type StatusRequester, requestVoiceStatus } from './voice-status';

export type { VoiceClient, VoiceClientLoader } from './voice-client';

/**
 * Why a press started no call though the demo is there, said in the card (not in a notification
 * over the section's title): too many sessions lately (429). 'rate-limited' ("you have started
 * several calls") only once this page has had more than one session; 'too-many-attempts' otherwise.
 */
export type VoiceNotice = 'rate-limited' | 'too-many-attempts';

/** Whether the demo can be tried, and whether a press found it out (the card then reads it out). */
export type Availability = { state: DemoAvailability; afterPress: boolean };

const READY: Availability = { state: 'ready', afterPress: false };

export type VoiceCall = {
  flags: VoiceFlags;
  /** True from "Call Me" until the call is connected or has failed: the button is disabled. */
  starting: boolean;
  start(): void;
  /** Ends the call, or abandons one still connecting. */
  stop(): void;
  /**
   * The visitor may call soon (the demo came into view and can be tried, "Call Me" is hovered or
   * focused): the client starts loading and the session's proof of work starts solving, so both are
   * ready by the click.
   */
  prefetch(): void;
  /** Ref for the element that shows the assistant's voice level (its `--voice-level`, 0..1). */
  levelRef(element: HTMLElement | null): void;
  /** The call's captions: kept when it ends, cleared when the next starts. */
  captions: Captions;
  /** Why no call started, when the card says it rather than a toast. */
  notice: VoiceNotice | null;
  /** Whether the demo can be tried now: ready until the server says otherwise, before a press or on one. */
  availability: Availability;
  /**
   * The demo came into view: asks the server, once, whether it can be tried (GET /api/voice/status:
   * no proof, nothing counted); if it can, prefetches. A press made meanwhile has the last word.
   */
  checkStatus(): void;
  /** How long the last call lasted, in seconds, once it is over (until the next "Call Me"). */
  lastCallSeconds: number | null;
  /** Why the last call ended, when known and not a failure (until the next "Call Me"). */
  lastCallEnd: CallEndReason | null;
};

/**
 * The demo's call: what the card shows of it (use-call-display.ts), the SDK's client
 * (use-voice-client.ts), and the start attempt: "Call Me" asks the server for a session in the
 * page's language, with its proof of work (voice-session.ts), while the client loads, then starts
 * the call with it; what the visitor is told when that fails.
 */
export function useVoiceCall(
  loadClient: VoiceClientLoader = loadVoiceClient,
  requestSession: SessionRequester = requestVoiceSession,
  requestStatus: StatusRequester = requestVoiceStatus,
): VoiceCall {
  const { voiceDemo, locale } = useContent();
  const display = useCallDisplay();
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<VoiceNotice | null>(null);
  const [availability, setAvailability] = useState<Availability>(READY);
  /** Sessions the server has handed this page: a 429 says "several calls" only past one. */
  const sessionsRef = useRef(0);
  /** Set by the first press: a status answer arriving after it is older than what the press learns. */
  const pressedRef = useRef(false);
  const statusAskedRef = useRef(false);
  const [proof] = useState(createProofOfWork);
  /** Increases with every "Call Me" and every stop: a start result counts only for its own attempt. */
  const attemptRef = useRef(0);
  useEffect(
    () => () => {
      attemptRef.current += 1; // an attempt still under way reports to no one
    },
    [],
  );

  const { end } = display;
  /** Ends what the page shows of a call, and tells the visitor, in plain words, what went wrong. */
  const fail = useCallback(
    (reason: StartFailure, error: unknown) => {
      const duringCall = display.connected();
      attemptRef.current += 1;
      end();
      setStarting(false);
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
    [display, end, voiceDemo],
  );

  const { show } = display;
  const onEvent = useCallback(
    (event: VoiceClientEvent) => {
      if (event.type === 'error') {
        fail(event.reason, event.error);
        return;
      }
      if (event.type === 'call-start' || event.type === 'call-end') setStarting(false);
      show(event);
    },
    [fail, show],
  );
  const client = useVoiceClient(loadClient, onEvent);

  const start = useCallback(() => {
    const attempt = ++attemptRef.current;
    const current = () => attempt === attemptRef.current;
    pressedRef.current = true;
    setStarting(true);
    setNotice(null);
    display.clear();
    // The session is asked for while the SDK chunk loads (both usually ready, from the visitor's intent).
    Promise.all([client.get(), requestSession(locale, proof)])
      .then(async ([voiceClient, answer]) => {
        if (!current()) return;
        if (!answer.ok) {
          if (answer.refusal === 'failed') {
            fail('other', new Error('the server gave no voice session'));
            return;
          }
          setStarting(false);
          if (answer.refusal === 'rate-limited') {
            // The server looks at the budget before the visitor's count: the demo itself is there.
            setAvailability(READY);
            setNotice(sessionsRef.current > 1 ? 'rate-limited' : 'too-many-attempts');
          } else {
            // The demo changed since the card asked (or it never asked): the card now shows what the press met.
            setAvailability({ state: answer.refusal === 'not-configured' ? 'unavailable' : answer.refusal, afterPress: true });
          }
          return;
        }
        sessionsRef.current += 1;
        setAvailability(READY);
        const result = await voiceClient.start(answer.session);
        if (current() && result.outcome === 'failed') fail(result.reason, result.error); // 'started': call-start follows
      })
      .catch((error: unknown) => {
        // The SDK chunk did not load (offline, or a deploy replaced it).
        if (current()) fail('other', error);
      });
  }, [client, display, fail, locale, proof, requestSession]);

  const stop = useCallback(() => {
    attemptRef.current += 1;
    end();
    setStarting(false);
    void client.loaded()?.then(
      (voiceClient) => voiceClient.stop(),
      () => {},
    );
  }, [client, end]);

  const prefetch = useCallback(() => {
    proof.start();
    client.get().catch(() => {
      // A failed prefetch is retried, and reported, on "Call Me".
    });
  }, [client, proof]);

  const checkStatus = useCallback(() => {
    if (statusAskedRef.current) return;
    statusAskedRef.current = true;
    void requestStatus(locale).then((state) => {
      if (pressedRef.current) return;
      // Unknown (the server could not say) is taken as ready: the press finds out.
      if (state && state !== 'ready') setAvailability({ state, afterPress: false });
      // Only a demo that can be tried now gets its SDK and proof of work ahead of the press.
      else prefetch();
    });
  }, [locale, prefetch, requestStatus]);

  return {
    flags: display.flags,
    starting,
    start,
    stop,
    prefetch,
    levelRef: display.levelRef,
    captions: display.captions,
    notice,
    availability,
    checkStatus,
    lastCallSeconds: display.lastCallSeconds,
    lastCallEnd: display.lastCallEnd,
  };
}
