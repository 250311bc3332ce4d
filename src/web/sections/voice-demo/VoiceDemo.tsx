import { Mic, MicOff, PhoneOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useContent } from '../../lib/content-context';
import { PrivacyNotice } from '../../components/PrivacyNotice';
import { SoundWave } from '../../components/SoundWave';
import { Section } from '../../components/Section';
import type { PageEvent } from '../../../contracts/stats';
import type { VoiceDemoUnavailable } from '../../../content/types';
import { useVoiceCall } from '../../features/voice-call/use-voice-call';
import type { VoiceClientLoader } from '../../features/voice-call/voice-client';
import type { SessionRequester } from '../../features/voice-call/voice-session';
import { callStatus } from '../../features/voice-call/voice-state';
import type { StatusRequester } from '../../features/voice-call/voice-status';
import { CallCaptions } from './CallCaptions';

/** Every state the demo cannot be tried in, each with its line under the button (all laid out, one shown). */
const UNAVAILABLE_STATES = ['unavailable', 'budget-spent', 'lines-busy'] as const satisfies readonly VoiceDemoUnavailable[];

/**
 * The live voice-agent demo. One main button: "Call Me", disabled ("Connecting...") while
 * the call starts, "End Call" during it. While it is disabled a small "Cancel call" button lets the
 * visitor give up on a slow connection; keyboard focus moves to it and back.
 *
 * Under them, the call's live captions (CallCaptions.tsx), in a box of fixed height.
 *
 * The card knows before any press whether the demo can be tried (GET /api/voice/status, asked once
 * when it comes into view). When it cannot, the button says why in place of "Call Me" (no waves),
 * the line under it in place of the microphone note, and the box what to do instead: the firm's
 * phone and the contact form. Off, or the day's minutes spent, the button is not available
 * (`aria-disabled`, still focusable, that line in its name); lines busy, it stays live ("Try again").
 *
 * `loadClient`, `requestSession` and `requestStatus` exist for tests; the page uses the real SDK and the server.
 */
export function VoiceDemo({
  loadClient,
  requestSession,
  requestStatus,
}: {
  loadClient?: VoiceClientLoader;
  requestSession?: SessionRequester;
  requestStatus?: StatusRequester;
}) {
  const { voiceDemo } = useContent();
  // Destructured: the level ref callback must not make the whole call object look like a ref.
  const { flags, starting, start, stop, prefetch, checkStatus, levelRef, captions, notice, availability, lastCallSeconds, lastCallEnd } = useVoiceCall(
    loadClient,
    requestSession,
    requestStatus,
  );
  const status = callStatus(flags);
  const inCall = flags.calling;
  const state = availability.state;
  /** The demo cannot be tried now: its words (the button's label, the line under it). */
  const stateCopy = state === 'ready' ? null : voiceDemo.states[state];
  /** Off, or the day's minutes spent: nothing a press could start today. */
  const unavailable = state === 'unavailable' || state === 'budget-spent';
  const sectionRef = useRef<HTMLDivElement>(null);
  // The demo in view: the card asks whether it can be tried (and, if it can, the SDK loads and the
  // session's proof of work starts solving). Not on page load: only visitors who reach the card ask.
  useEffect(() => {
    const element = sectionRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      checkStatus();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [checkStatus]);
  const label = inCall ? voiceDemo.endCall : starting ? voiceDemo.connecting : stateCopy ? stateCopy.button : voiceDemo.callMe;
  /** The microphone note or the state's line: shown while no call is starting or under way. */
  const idle = !starting && !inCall;

  const mainButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  /** Set when "Call Me" had keyboard focus: a disabled button drops it, so it follows the controls. */
  const followFocus = useRef(false);

  useEffect(() => {
    if (!followFocus.current) return;
    if (starting) {
      cancelButton.current?.focus();
    } else {
      followFocus.current = false;
      const active = document.activeElement;
      if (!active || active === document.body) mainButton.current?.focus();
    }
  }, [starting]);

  const onMainClick = () => {
    if (unavailable) return;
    if (inCall) {
      stop();
      return;
    }
    followFocus.current = document.activeElement === mainButton.current;
    start();
  };

  return (
    <Section id="ai-caller" headingId="ai-caller-title" title={voiceDemo.title} subtitle={voiceDemo.subtitle}>
      <div ref={sectionRef} className="relative">
        {/* Behind the card, on wider screens: the voice it is about, passing through, as tall as the
            card's middle and drawn whole (a margin inside the clipped band keeps the crests and troughs). */}
        <div
          aria-hidden="true"
          className="absolute inset-x-0 inset-y-[12%] hidden overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_15%,#000_85%,transparent)] md:block"
        >
          <div className="absolute inset-x-0 inset-y-3">
            <SoundWave className="stroke-brand-400/40 dark:stroke-brand-400/30" echoClassName="stroke-accent-500/40 dark:stroke-accent-400/30" />
          </div>
        </div>
        <div
          data-call-card=""
          data-demo-state={state}
          className="relative mx-auto flex w-full max-w-xl flex-col items-center lg:max-w-2xl rounded-3xl border border-slate-200 bg-white bg-gradient-to-b from-white to-brand-50 px-6 py-10 text-center shadow-xl sm:px-10 dark:border-slate-800 dark:bg-slate-900 dark:from-slate-900 dark:to-brand-900/40"
        >
          <div className="relative grid size-28 place-items-center">
            {inCall ? (
              <>
                {/* Follows the assistant's voice level (--voice-level, set from JS); static under reduced motion. */}
                {/* Keyed: new elements, not the idle waves' changed (a change of size Chrome counts as a layout shift). */}
                <span
                  key="level"
                  ref={levelRef}
                  aria-hidden="true"
                  data-testid="voice-level"
                  className="absolute -inset-2 scale-[calc(1_+_var(--voice-level,0)_*_0.3)] rounded-full border-4 border-brand-400/60 transition-transform duration-100 ease-out motion-reduce:scale-100 motion-reduce:transition-none"
                />
                <span
                  key="speaking"
                  aria-hidden="true"
                  data-speaking={flags.assistantSpeaking ? '' : undefined}
                  className="motion-static absolute inset-0 rounded-full bg-brand-500/30 data-speaking:animate-voice-pulse"
                />
              </>
            ) : state !== 'ready' ? null : (
              // Idle: voice waves leaving the button, an invitation to press it (still under reduced motion).
              <>
                <span key="wave" aria-hidden="true" className="motion-static absolute inset-0 animate-wave rounded-full bg-primary/25" />
                <span
                  key="echo"
                  aria-hidden="true"
                  className="motion-static absolute inset-0 animate-wave rounded-full bg-primary/25 [animation-delay:-1.8s]"
                />
              </>
            )}
            <button
              ref={mainButton}
              type="button"
              onClick={onMainClick}
              // Counted (lib/count/beacon.ts) when it starts a call, not when it ends one.
              data-count-click={inCall || unavailable ? undefined : ('call_pressed' satisfies PageEvent)}
              aria-describedby="voice-privacy-notice"
              // Not ready: named by its label, then the line under it that says why (that line is in no live region).
              aria-label={stateCopy && idle ? `${stateCopy.button} – ${stateCopy.note}` : undefined}
              // Not available: still focusable; the card says what to do instead.
              aria-disabled={unavailable ? true : undefined}
              data-unavailable={unavailable ? '' : undefined}
              // Intent: the SDK and the proof of work get ready, for a demo a press could start.
              onPointerEnter={unavailable ? undefined : prefetch}
              onFocus={unavailable ? undefined : prefetch}
              disabled={starting}
              data-pending-label={voiceDemo.connecting}
              // 12 px, set tight, under a 24 px icon: each label's corners stay 8 px inside the circle, in
              // both languages ("Connecting...", « Parler à l’agent »; e2e/visual-finish.test.ts).
              className={`relative flex size-28 flex-col items-center justify-center gap-1 rounded-full text-xs leading-4 font-semibold tracking-tight shadow-lg transition disabled:cursor-wait disabled:opacity-80 data-pending:cursor-wait data-pending:opacity-80 data-pending:after:content-[attr(data-pending-label)] data-unavailable:cursor-not-allowed data-unavailable:bg-slate-500 data-unavailable:text-white data-unavailable:hover:bg-slate-500 dark:data-unavailable:bg-slate-600 ${
                inCall ? 'bg-rose-600 text-white hover:bg-rose-700' : 'bg-primary text-on-primary hover:bg-primary-hover'
              }`}
            >
              {inCall ? (
                <PhoneOff aria-hidden="true" focusable="false" className="size-6" />
              ) : unavailable ? (
                <MicOff aria-hidden="true" focusable="false" className="size-6" />
              ) : (
                <Mic aria-hidden="true" focusable="false" className="size-6" />
              )}
              {/* Pressed before the section hydrated (hydration/pending.ts): it reads "Connecting..." at
                  once, and the call starts when the click is replayed. Keyed: a new label is a new
                  line, where centred text changed in place would be a layout shift. */}
              <span key={label} className="max-w-24 text-center text-balance in-data-pending:hidden">
                {label}
              </span>
            </button>
          </div>
          {/* One cell under the button, its layers stacked: the microphone note while idle (or, when
              the demo cannot be tried, the line saying why), "Cancel call" while connecting, the
              status line during the call. It is as tall as its tallest layer in every state, every
              state's line included, so nothing moves when the server's answer arrives and no empty
              band waits for the others. */}
          <div className="mt-5 grid place-items-center">
            <p className={`[grid-area:1/1] text-sm text-slate-600 dark:text-slate-400 ${idle && !stateCopy ? '' : 'invisible'}`}>{voiceDemo.microphoneNote}</p>
            {UNAVAILABLE_STATES.map((each) => (
              <p
                key={each}
                id={each === state ? 'voice-demo-state' : undefined}
                data-state-note={each}
                className={`[grid-area:1/1] text-sm font-medium text-slate-700 dark:text-slate-300 ${idle && each === state ? '' : 'invisible'}`}
              >
                {voiceDemo.states[each].note}
              </p>
            ))}
            <p role="status" className="[grid-area:1/1] w-full text-center font-medium text-brand-700 dark:text-brand-100">
              {/* A new node for each status: centred text changed in place moves sideways, which Chrome
                  counts as a layout shift; a line that appears is not one. */}
              {status ? <span key={status}>{voiceDemo.status[status]}</span> : null}
            </p>
            {starting ? (
              <button
                ref={cancelButton}
                type="button"
                onClick={stop}
                className="[grid-area:1/1] rounded-full px-4 py-2 text-sm font-medium text-slate-700 underline underline-offset-4 hover:text-rose-700 dark:text-slate-300 dark:hover:text-rose-300"
              >
                {voiceDemo.cancelCall}
              </button>
            ) : null}
          </div>
          <CallCaptions captions={captions} notice={notice} availability={availability} lastCallSeconds={lastCallSeconds} lastCallEnd={lastCallEnd} />
          <PrivacyNotice id="voice-privacy-notice" notice={voiceDemo.privacyNotice} className="mt-3" />
          <details className="mt-1 w-full text-left text-sm text-slate-600 dark:text-slate-400">
            <summary className="mx-auto w-fit cursor-pointer rounded font-medium text-accent underline-offset-2 hover:underline">
              {voiceDemo.privacyDetails.summary}
            </summary>
            {/* A panel of its own: a long text reads left-aligned, framed so that it does not hang under the centred lines above. */}
            <p className="mt-2 rounded-xl border border-slate-200 bg-white/70 p-4 dark:border-slate-700 dark:bg-slate-950/40">
              {voiceDemo.privacyDetails.text}
            </p>
          </details>
        </div>
      </div>
    </Section>
  );
}
