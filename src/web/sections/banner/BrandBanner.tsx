import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { useContent } from '../../lib/content-context';
import { SoundWave } from '../../components/SoundWave';
import { Static } from '../../hydration/Static';

/**
 * A continuously scrolling band of brand phrases over slow sound waves. The phrases are written
 * twice so the loop is seamless; the copy is hidden from assistive technology. WCAG 2.2.2: it can
 * be paused, by a button in a cell of its own beside the moving text (never over it), and it
 * stands still under reduced motion.
 */
export function BrandBanner() {
  const { banner, a11y } = useContent();
  const [paused, setPaused] = useState(false);
  return (
    <div
      data-banner=""
      data-paused={paused ? '' : undefined}
      className="relative flex items-stretch overflow-hidden bg-gradient-to-r from-brand-900 via-brand-700 to-brand-900 text-white"
    >
      <Moving phrases={banner.phrases} />
      <div className="relative grid shrink-0 place-items-center border-l border-white/15 px-3">
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-pressed={paused}
          aria-label={a11y.pauseBanner}
          className="grid size-10 place-items-center rounded-full bg-slate-950/60 text-white hover:bg-slate-950"
        >
          {paused ? <Play aria-hidden="true" focusable="false" className="size-4" /> : <Pause aria-hidden="true" focusable="false" className="size-4" />}
        </button>
      </div>
    </div>
  );
}

/** The waves and the phrases, never hydrated: they only move, by CSS, paused from the banner's `data-paused`. */
function Moving({ phrases }: { phrases: readonly string[] }) {
  const list = (hidden: boolean) => (
    <ul aria-hidden={hidden || undefined} className="flex shrink-0 items-center gap-8 pr-8">
      {phrases.map((phrase) => (
        <li key={phrase} className="flex items-center gap-8 text-heading font-bold tracking-tight whitespace-nowrap">
          {phrase}
          <svg viewBox="0 0 24 12" aria-hidden="true" focusable="false" className="w-6 fill-none stroke-accent-400 stroke-2">
            <path d="M1 6h4l2-4 3 8 3-9 3 8 2-3h6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </li>
      ))}
    </ul>
  );
  return (
    <Static>
      <SoundWave className="stroke-white/15" echoClassName="stroke-accent-400/30" />
      {/* The phrases fade in and out at the edges of their own box, which the button is not part of. */}
      <div className="relative min-w-0 flex-1 overflow-hidden py-6 [mask-image:linear-gradient(90deg,transparent,#000_3rem,#000_calc(100%-3rem),transparent)]">
        <div className="marquee-track motion-static flex w-max animate-marquee">
          {list(false)}
          {list(true)}
        </div>
      </div>
    </Static>
  );
}
