import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { useContent } from '../../content/context';

/**
 * A continuously scrolling band of brand phrases. The phrases are written twice so the loop is
 * seamless; the copy is hidden from assistive technology. WCAG 2.2.2: it can be paused, and it
 * stands still under reduced motion.
 */
export function BrandBanner() {
  const { banner, a11y } = useContent();
  const [paused, setPaused] = useState(false);
  const phrases = (hidden: boolean) => (
    <ul aria-hidden={hidden || undefined} className="flex shrink-0 items-center gap-10 pr-10">
      {banner.phrases.map((phrase) => (
        <li key={phrase} className="flex items-center gap-10 text-2xl font-bold tracking-tight whitespace-nowrap md:text-3xl">
          {phrase}
          <span aria-hidden="true" className="size-2.5 rounded-full bg-accent-400" />
        </li>
      ))}
    </ul>
  );
  return (
    <div
      data-banner=""
      className="relative overflow-hidden bg-gradient-to-r from-brand-900 via-brand-700 to-brand-900 py-8 text-white"
    >
      <div className="flex">
        <div data-paused={paused ? '' : undefined} className="marquee-track motion-static flex animate-marquee">
          {phrases(false)}
          {phrases(true)}
        </div>
      </div>
      <button
        type="button"
        onClick={() => setPaused((value) => !value)}
        aria-pressed={paused}
        aria-label={a11y.pauseBanner}
        className="absolute top-1/2 right-3 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-slate-950/70 text-white hover:bg-slate-950"
      >
        {paused ? (
          <Play aria-hidden="true" focusable="false" className="size-4" />
        ) : (
          <Pause aria-hidden="true" focusable="false" className="size-4" />
        )}
      </button>
    </div>
  );
}
