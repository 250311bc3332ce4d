import { ArrowRight } from 'lucide-react';
import { site } from '../../../config/site';
import { useFirstScreenContent } from '../../content/context';
import { LogoMark } from '../../components/Logo';
import { SectionLink } from '../../components/SectionLink';

const ctaClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-brand-600 px-7 text-base font-semibold text-white shadow-lg shadow-brand-600/30 transition hover:bg-brand-700 hover:shadow-brand-700/40 dark:bg-accent-400 dark:text-slate-950 dark:shadow-accent-400/20 dark:hover:bg-accent-500';

/** Both heroes are in the HTML; CSS shows the one of the current layout (spec §2). */
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
      className="only-desktop relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white px-8 pt-36 pb-24 dark:from-brand-900/60 dark:via-slate-950 dark:to-slate-950"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <h1 className="text-5xl leading-[1.05] font-extrabold tracking-tight text-balance lg:text-6xl">
            {hero.headlinePrefix}{' '}
            <span className="bg-gradient-to-r from-brand-600 to-cyan-600 bg-clip-text text-transparent dark:from-brand-400 dark:to-accent-400">
              {site.brand}
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600 dark:text-slate-300">{hero.desktopParagraph}</p>
          <div className="mt-10 flex flex-wrap items-center gap-5">
            <SectionLink anchor="contact" className={ctaClass}>
              {hero.cta}
              <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
            </SectionLink>
            <p className="text-sm text-slate-600 dark:text-slate-400">{hero.ctaNote}</p>
          </div>
        </div>
        <HeroArt />
      </div>
    </div>
  );
}

/** The large logo with its slowly orbiting decorations; purely decorative. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-md">
      <div className="motion-static absolute inset-0 animate-orbit rounded-full border border-dashed border-brand-400/50">
        <span className="absolute top-[6%] left-1/2 size-3 -translate-x-1/2 rounded-full bg-accent-400 shadow-[0_0_16px] shadow-accent-400" />
      </div>
      <div className="motion-static absolute inset-[14%] animate-orbit-reverse rounded-full border border-brand-500/30">
        <span className="absolute bottom-[4%] left-[20%] size-2.5 rounded-full bg-brand-500" />
        <span className="absolute top-1/2 -right-1 size-2 rounded-full bg-fuchsia-500" />
      </div>
      <div className="absolute inset-[28%] rounded-[2rem] bg-gradient-to-br from-brand-500/20 to-accent-400/20 blur-2xl" />
      <LogoMark className="motion-static absolute inset-[30%] size-[40%] animate-float drop-shadow-2xl" />
    </div>
  );
}

function MobileHero() {
  const { hero } = useFirstScreenContent();
  return (
    <div data-hero="mobile" className="only-mobile px-5 pt-24 pb-12">
      <div className="flex flex-col items-center text-center">
        <LogoMark className="size-20 drop-shadow-lg" />
        <h1 className="mt-6 text-3xl leading-tight font-extrabold tracking-tight text-balance">
          {hero.headlinePrefix} <span className="text-brand-600 dark:text-accent-400">{site.brand}</span>
        </h1>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-5 text-left shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <p className="text-base text-pretty text-slate-700 dark:text-slate-200">{hero.mobileDescription}</p>
        </div>
        <SectionLink anchor="contact-form" className={`${ctaClass} mt-8 w-full`}>
          {hero.cta}
          <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
        </SectionLink>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{hero.ctaNote}</p>
      </div>
    </div>
  );
}
