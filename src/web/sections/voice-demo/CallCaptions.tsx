import { RichText } from '../../components/RichText';
import { SectionLink } from '../../components/SectionLink';
import { useContent } from '../../lib/content-context';
import type { Locale } from '../../../contracts/locales';
import { type Captions, type Speaker, VISIBLE_LINES } from '../../features/voice-call/captions';
import type { VoiceNotice } from '../../features/voice-call/use-voice-call';

const SPEAKERS: readonly Speaker[] = ['assistant', 'user'];

/**
 * The call's live captions, in a box of fixed height under the controls: nothing moves when lines
 * come in. Each final line says who spoke; the last few show, older ones slide out at the top
 * (faded in the box's padding). What a speaker is still saying shows lighter, below them, and is
 * not read out: only final lines enter the polite live region. After the call: its length and a
 * link to the contact form. Before any call: what the box is for. And, instead of a call, why
 * none could start today (the day's calls spent, or too many from this visitor).
 */
export function CallCaptions({ captions, notice, lastCallSeconds }: { captions: Captions; notice: VoiceNotice | null; lastCallSeconds: number | null }) {
  const { voiceDemo, locale } = useContent();
  const text = voiceDemo.captions;
  const lines = captions.lines.slice(-VISIBLE_LINES);
  const partials = SPEAKERS.flatMap((speaker) => {
    const said = captions.partial[speaker];
    return said ? [{ speaker, said }] : [];
  });
  const empty = lines.length === 0 && partials.length === 0 && notice === null && lastCallSeconds === null;
  const who = (speaker: Speaker) => <span className="font-semibold text-brand-700 dark:text-accent-400">{text.roles[speaker]}</span>;

  return (
    <div
      data-captions=""
      className="mt-4 h-32 w-full rounded-2xl border border-slate-200 bg-white/80 px-4 pb-3 text-left text-sm/5 dark:border-slate-700 dark:bg-slate-950/40"
    >
      <div className="flex h-full flex-col justify-end gap-1 overflow-hidden pt-3 [mask-image:linear-gradient(to_bottom,transparent,#000_0.75rem)]">
        {empty ? <p className="my-auto text-center text-slate-600 dark:text-slate-400">{text.placeholder}</p> : null}
        <div role="log" aria-live="polite" aria-label={text.label} className="flex flex-col gap-1 text-slate-800 dark:text-slate-100">
          {lines.map((line) => (
            <p key={line.id} className="motion-safe:animate-caption-in">
              {who(line.speaker)} {line.text}
            </p>
          ))}
          {notice === 'not-configured' ? (
            <p>
              <strong className="font-semibold">{voiceDemo.unavailableTitle}.</strong> {voiceDemo.unavailableDescription}
            </p>
          ) : notice ? (
            <p className="font-medium">
              <RichText
                text={notice === 'budget-spent' ? voiceDemo.budgetSpent : voiceDemo.rateLimited}
                linkClassName="whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-accent-400 dark:hover:text-white"
              />
            </p>
          ) : null}
          {lastCallSeconds !== null ? (
            <p data-call-ended="">
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
