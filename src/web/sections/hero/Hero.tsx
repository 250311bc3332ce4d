import { ArrowRight } from 'lucide-react';
import { site } from '../../../config/site';
import { useFirstScreenContent } from '../../lib/content-context';
import { keepLastWordsTogether } from '../../../content/formats';
import { Emblem } from '../../components/Emblem';
import { Static } from '../../hydration/Static';
import { SectionLink } from '../../components/SectionLink';
import { primaryAction } from '../../components/styles';

const ctaClass = `${primaryAction} px-7 text-base`;
/** The quiet second way in, under the one button: to the live demo, further down the page. */
const voiceLinkClass = 'text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 dark:text-accent-400 dark:hover:text-white';
const headlineClass = 'text-display font-extrabold tracking-tight text-balance';
const brandClass = 'bg-gradient-to-r from-brand-600 to-cyan-600 bg-clip-text text-transparent dark:from-brand-400 dark:to-accent-400';

/** Both heroes are in the HTML; CSS shows the one of the current layout. */
export function Hero() {
  return (
    <>
      <DesktopHero />
      <MobileHero />
    </>
  );
}

function DesktopHero() {
  const { hero } = useFirstScreenContent();
  return (
    <div
      data-hero="desktop"
      className="only-desktop relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-28 pb-section dark:from-brand-900/60 dark:via-slate-950 dark:to-slate-950"
    >
      <div className="page-column grid grid-cols-[1.3fr_0.7fr] items-center gap-x-8 lg:grid-cols-[1.1fr_0.9fr] lg:gap-x-12">
        <div>
          <h1 className={headlineClass}>
            {hero.headlinePrefix} <span className={brandClass}>{site.brand}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lead text-pretty text-slate-600 dark:text-slate-300">{keepLastWordsTogether(hero.desktopParagraph)}</p>
          <div className="mt-8 flex flex-wrap items-center gap-5">
            <SectionLink anchor="contact" className={ctaClass}>
              {hero.cta}
              <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
            </SectionLink>
            <p className="text-sm text-slate-600 dark:text-slate-400">{keepLastWordsTogether(hero.ctaNote)}</p>
          </div>
          <SectionLink anchor="ai-caller" data-voice-way-in="" className={`mt-4 inline-block ${voiceLinkClass}`}>
            {hero.voiceLink}
          </SectionLink>
        </div>
        {/* The large logo with animated decorations, never hydrated: nothing in it to interact with. */}
        <Static>
          <Emblem className="mx-auto w-full max-w-md" />
        </Static>
      </div>
    </div>
  );
}

function MobileHero() {
  const { hero } = useFirstScreenContent();
  return (
    <div data-hero="mobile" className="only-mobile px-gutter pt-16 pb-section">
      {/* A readable column, also where a tablet gets the mobile layout (a mobile device is mobile at any width). */}
      <div className="mx-auto flex max-w-xl flex-col items-center text-center">
        <Static>
          <Emblem className="w-[min(44vw,13rem)]" />
        </Static>
        <h1 className={headlineClass}>
          {hero.headlinePrefix} <span className={brandClass}>{site.brand}</span>
        </h1>
        <p className="mt-5 rounded-2xl border border-slate-200 bg-slate-50 p-5 text-left text-pretty text-slate-700 shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
          {keepLastWordsTogether(hero.mobileDescription)}
        </p>
        <SectionLink anchor="contact-form" className={`${ctaClass} mt-7 w-full max-w-sm`}>
          {hero.cta}
          <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
        </SectionLink>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{keepLastWordsTogether(hero.ctaNote)}</p>
        <SectionLink anchor="ai-caller" data-voice-way-in="" className={`mt-3 ${voiceLinkClass}`}>
          {hero.voiceLink}
        </SectionLink>
      </div>
    </div>
  );
}
