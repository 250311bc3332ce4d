import { ArrowRight, Check } from 'lucide-react';
import { site } from '../../../config/site';
import type { FirstScreenContent } from '../../../content';
import { useFirstScreenContent } from '../../lib/content-context';
import { Emblem } from '../../components/Emblem';
import { LogoMark } from '../../components/Logo';
import { Static } from '../../hydration/Static';
import { SectionLink } from '../../components/SectionLink';
import { primaryAction } from '../../components/styles';

const ctaClass = `${primaryAction} px-7 text-base`;
/** The quiet second way in, under the one button: to the live demo, further down the page. */
const voiceLinkClass = 'text-sm font-medium text-accent underline underline-offset-4 hover:text-brand-900 dark:hover:text-white';
const headlineClass = 'text-display font-extrabold tracking-tight text-balance';
/** Above the headline, what the firm does and for whom. */
const eyebrowClass = 'text-sm font-semibold text-balance text-accent';
const brandClass = 'whitespace-nowrap bg-gradient-to-r from-brand-700 to-brand-500 bg-clip-text text-transparent dark:from-brand-300 dark:to-brand-500';

type HeroCopy = FirstScreenContent['hero'];

/** Both heroes are in the HTML, with the same copy; CSS shows the one of the current layout. */
export function Hero() {
  const { hero } = useFirstScreenContent();
  return (
    <>
      <DesktopHero hero={hero} />
      <MobileHero hero={hero} />
    </>
  );
}

function DesktopHero({ hero }: { hero: HeroCopy }) {
  return (
    <div
      data-hero="desktop"
      className="only-desktop relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-28 pb-section dark:from-brand-900/60 dark:via-slate-950 dark:to-slate-950"
    >
      <div className="page-column grid grid-cols-[1.3fr_0.7fr] items-center gap-x-8 lg:grid-cols-[1.1fr_0.9fr] lg:gap-x-12">
        <div>
          <p className={`mb-5 ${eyebrowClass}`}>{hero.eyebrow}</p>
          <h1 className={headlineClass}>
            {hero.headlinePrefix} <span className={brandClass}>{site.brand}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lead text-pretty text-slate-600 dark:text-slate-300">{hero.desktopParagraph}</p>
          <div className="mt-8 flex flex-wrap items-center gap-5">
            <SectionLink anchor="contact" className={ctaClass}>
              {hero.cta}
              <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
            </SectionLink>
            <p className="text-sm text-slate-600 dark:text-slate-400">{hero.ctaNote}</p>
          </div>
          <SectionLink anchor="ai-caller" data-voice-way-in="" className={`mt-4 inline-block ${voiceLinkClass}`}>
            {hero.voiceLink}
          </SectionLink>
          <Proof facts={hero.proof} className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-800" />
        </div>
        {/* The large logo with animated decorations, never hydrated: nothing in it to interact with.
            From 1024 px its rings hold a call answered instead of the mark: what the firm sells, at a glance. */}
        <Static>
          <div data-emblem="" className="relative mx-auto w-full max-w-md">
            <Emblem className="w-full" markClassName="lg:hidden" />
            <AnsweredCall call={hero.call} />
          </div>
        </Static>
      </div>
    </div>
  );
}

function MobileHero({ hero }: { hero: HeroCopy }) {
  return (
    <div data-hero="mobile" className="only-mobile px-gutter pt-16 pb-section">
      {/* A readable column, also where a tablet gets the mobile layout (a mobile device is mobile at any width). */}
      <div className="mx-auto flex max-w-xl flex-col items-center text-center">
        <Static>
          <Emblem className="w-28" />
        </Static>
        <p className={`mb-3 ${eyebrowClass}`}>{hero.eyebrow}</p>
        <h1 className={headlineClass}>
          {hero.headlinePrefix} <span className={brandClass}>{site.brand}</span>
        </h1>
        <p className="mt-5 rounded-2xl border border-slate-200 bg-slate-50 p-5 text-left text-pretty text-slate-700 shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
          {hero.mobileDescription}
        </p>
        <SectionLink anchor="contact-form" className={`${ctaClass} mt-7 w-full max-w-sm`}>
          {hero.cta}
          <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
        </SectionLink>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{hero.ctaNote}</p>
        <Proof facts={hero.proof} className="mt-5 justify-center" />
        <SectionLink anchor="ai-caller" data-voice-way-in="" className={`mt-5 ${voiceLinkClass}`}>
          {hero.voiceLink}
        </SectionLink>
      </div>
    </div>
  );
}

/** The facts under the call to action, each after a tick in the accent. */
function Proof({ facts, className }: { facts: string[]; className: string }) {
  return (
    <ul className={`flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium text-slate-700 dark:text-slate-300 ${className}`}>
      {facts.map((fact) => (
        <li key={fact} className="flex items-center gap-1.5 whitespace-nowrap">
          <Check aria-hidden="true" focusable="false" className="size-4 shrink-0 text-accent" />
          {fact}
        </li>
      ))}
    </ul>
  );
}

/**
 * A call answered at night and what the agent did with it, in the emblem's rings from 1024 px. A
 * picture of the paragraph beside it, hidden from screen readers, which read that paragraph.
 */
function AnsweredCall({ call }: { call: HeroCopy['call'] }) {
  return (
    <div
      aria-hidden="true"
      className="motion-static absolute inset-x-[10%] top-1/2 -translate-y-1/2 animate-float rounded-2xl border border-slate-200 bg-white/90 p-5 text-sm shadow-xl shadow-brand-500/10 max-lg:hidden dark:border-slate-700 dark:bg-slate-900/90"
    >
      <p className="flex items-center gap-3">
        <LogoMark className="size-10 shrink-0" />
        <span>
          <span className="block font-semibold text-slate-900 dark:text-white">{call.answered}</span>
          <span className="block text-slate-600 dark:text-slate-400">{call.when}</span>
        </span>
      </p>
      <ul className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-slate-700 dark:border-slate-700 dark:text-slate-300">
        {call.steps.map((step) => (
          <li key={step} className="flex items-center gap-2">
            <Check aria-hidden="true" focusable="false" className="size-4 shrink-0 text-accent" />
            {step}
          </li>
        ))}
      </ul>
    </div>
  );
}
