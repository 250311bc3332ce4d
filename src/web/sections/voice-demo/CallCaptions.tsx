import { useLayoutEffect, useRef } from 'react';
import { RichText } from '../../components/RichText';
import { SectionLink } from '../../components/SectionLink';
import { useContent } from '../../lib/content-context';
import type { Locale } from '../../../contracts/locales';
import { type Captions, type Speaker, VISIBLE_LINES } from '../../features/voice-call/captions';
import type { Availability, VoiceNotice } from '../../features/voice-call/use-voice-call';
import type { CallEndReason } from '../../features/voice-call/voice-state';

const SPEAKERS: readonly Speaker[] = ['assistant', 'user'];

const NOTICE_LINK = 'whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-accent-400 dark:hover:text-white';

/**
 * The call's live captions, in a box of fixed height under the controls (seven lines of text):
 * the card never moves when lines come in. Each final line says who spoke; they fill the box from
 * the top, then the box scrolls so that the newest shows whole at the bottom and the older ones fade
 * out under a mask at the top; a line that no longer fits whole is made invisible rather than cut
 * through (fitWholeLines). Scrolling, not lines pushed up, so that nothing in the page shifts
 * (Chrome counts a line that layout moves as a layout shift, not one a scroll moves). What a speaker is still saying shows lighter, below them, and is
 * not read out: only final lines enter the polite live region. After the call: why it ended, when
 * Vapi said so (not when the visitor hung up: they know), its length and a link to the contact form,
 * read out by the same live region. Before any call: what the box is for. When the demo cannot be
 * tried now (off, the day's minutes spent, every line busy), what to do instead: the firm's phone and
 * the contact form; read out when a press found it out, not when the card learnt it on coming into
 * view (the button is described by the line that says why). And, after a press refused for too many
 * sessions, to try again in a few minutes.
 */
export function CallCaptions({
  captions,
  notice,
  availability,
  lastCallSeconds,
  lastCallEnd,
}: {
  captions: Captions;
  notice: VoiceNotice | null;
  availability: Availability;
  lastCallSeconds: number | null;
  lastCallEnd: CallEndReason | null;
}) {
  const { voiceDemo, locale } = useContent();
  const text = voiceDemo.captions;
  const lines = captions.lines.slice(-VISIBLE_LINES);
  const partials = SPEAKERS.flatMap((speaker) => {
    const said = captions.partial[speaker];
    return said ? [{ speaker, said }] : [];
  });
  const state = availability.state === 'ready' ? null : voiceDemo.states[availability.state];
  const empty = lines.length === 0 && partials.length === 0 && notice === null && lastCallSeconds === null && state === null;
  /** What to do instead of the demo, with the firm's phone and the contact form (the same words, read out or not). */
  const instead = state ? (
    <p data-instead={availability.state} className="font-medium">
      {/* Said with the reason when read out: the line under the button is not in a live region. */}
      {availability.afterPress ? <span className="sr-only">{state.note} </span> : null}
      <RichText text={state.instead} linkClassName={NOTICE_LINK} />
    </p>
  ) : null;
  const who = (speaker: Speaker) => <span className="font-semibold text-brand-700 dark:text-accent-400">{text.roles[speaker]}</span>;
  const endReason = lastCallEnd && lastCallEnd !== 'visitor' ? text.endReason[lastCallEnd] : null;
  const box = useRef<HTMLDivElement>(null);
  // Runs again for each new caption: the box keeps its size, so the observer alone would not see them.
  // oxlint-disable-next-line react/exhaustive-deps
  useLayoutEffect(() => {
    const element = box.current;
    // An empty box has nothing to fit, and reading its layout as the page hydrates would lay out the
    // whole section while it is still off screen, at a height other than the one reserved for it.
    if (!element || empty) return;
    fitWholeLines(element);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fitWholeLines(element));
    observer.observe(element);
    return () => observer.disconnect();
  }, [captions, notice, availability, lastCallSeconds, lastCallEnd, empty]);

  return (
    <div
      data-captions=""
      className="mt-4 h-48 w-full rounded-2xl border border-slate-200 bg-white/80 px-4 pb-3 text-left text-sm/5 dark:border-slate-700 dark:bg-slate-950/40"
    >
      <div
        ref={box}
        className="relative flex h-full flex-col gap-1 overflow-hidden pt-3 data-scrolled:[mask-image:linear-gradient(to_bottom,transparent,#000_3.5rem)]"
      >
        {empty ? <p className="my-auto text-center text-slate-600 dark:text-slate-400">{text.placeholder}</p> : null}
        {/* Known on coming into view: in the placeholder's place, outside the live region. */}
        {instead && !availability.afterPress ? <div className="my-auto text-center text-slate-800 dark:text-slate-100">{instead}</div> : null}
        <div role="log" aria-live="polite" aria-label={text.label} className="flex flex-col gap-1 text-slate-800 dark:text-slate-100">
          {lines.map((line) => (
            <p key={line.id} data-line="" className="motion-safe:animate-caption-in">
              {who(line.speaker)} {line.text}
            </p>
          ))}
          {availability.afterPress ? instead : null}
          {notice ? (
            <p data-notice={notice} className="font-medium">
              <RichText text={notice === 'rate-limited' ? voiceDemo.rateLimited : voiceDemo.tooManyAttempts} linkClassName={NOTICE_LINK} />
            </p>
          ) : null}
          {lastCallSeconds !== null ? (
            <p data-call-ended="">
              {endReason ? <span data-end-reason={lastCallEnd}>{endReason} </span> : null}
              {text.lasted} <time dateTime={`PT${lastCallSeconds}S`}>{callLength(lastCallSeconds, locale)}</time>. {text.followUp.text}{' '}
              <SectionLink
                anchor="contact-form"
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-accent-400 dark:hover:text-white"
              >
                {text.followUp.link}
              </SectionLink>
            </p>
          ) : null}
        </div>
        {partials.map(({ speaker, said }) => (
          <p key={speaker} aria-hidden="true" data-partial="" className="text-slate-500 dark:text-slate-400">
            {who(speaker)} {said}
          </p>
        ))}
      </div>
    </div>
  );
}

/** "1 minute, 42 seconds" / « 1 minute et 42 secondes », in the page's language (the browser's Intl). */
export function callLength(seconds: number, locale: Locale): string {
  const unit = (value: number, name: 'minute' | 'second') => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return unit(rest, 'second');
  if (rest === 0) return unit(minutes, 'minute');
  return new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format([unit(minutes, 'minute'), unit(rest, 'second')]);
}

/**
 * Scrolls the box to its newest line and makes invisible the older lines that no longer fit whole
 * (a long line wraps to several rows), so that the top one is never cut through; once the box has
 * scrolled, the mask fades what is left at the top. Invisible, not removed: the lines below keep their place.
 */
function fitWholeLines(box: HTMLElement) {
  box.scrollTop = box.scrollHeight;
  // The mask only once lines have gone up: until then, the first line reads as clearly as the last.
  box.toggleAttribute('data-scrolled', box.scrollTop > 0);
  // offsetTop is the layout's (the box is their offsetParent), not moved by a line's entrance animation.
  for (const line of box.querySelectorAll<HTMLElement>('[data-line]')) line.style.visibility = line.offsetTop < box.scrollTop ? 'hidden' : '';
}
