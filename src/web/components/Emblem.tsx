import { useId } from 'react';
import { MARK_WAVEFORM, MarkTile } from './Logo';

/** Negative delays: the waves are already spread out at the first paint instead of leaving together. */
const WAVE_DELAYS = ['', '[animation-delay:-1.2s]', '[animation-delay:-2.4s]'];

/**
 * The brand mark, large, with its decorations: voice waves leaving it, a signal running along its
 * waveform and two dots on a slow orbit. The waves start behind the mark and, grown ×1.6 by their
 * keyframes, end at the drawing's edge, so nothing is cut off. SVG and CSS only (app/motion.css), so it
 * costs the first screen no script; under reduced motion it stands still, two waves showing as
 * rings. Decorative: the headline beside it carries the meaning. `markClassName` can hide the mark
 * where something else stands in the rings (the desktop hero's answered call).
 */
export function Emblem({ className, markClassName = '' }: { className?: string; markClassName?: string }) {
  const glow = useId();
  return (
    <svg viewBox="0 0 320 320" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <radialGradient id={glow}>
          <stop offset="0.3" stopColor="#6366f1" stopOpacity="0.3" />
          <stop offset="1" stopColor="#06b6d4" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="160" cy="160" r="160" fill={`url(#${glow})`} />
      <g fill="none" strokeWidth="1.5" className="stroke-brand-500 dark:stroke-brand-400">
        {[60, 80, 100].map((radius, index) => (
          <circle
            key={radius}
            cx="160"
            cy="160"
            r={radius}
            opacity={0.6 - index * 0.15}
            className={`emblem-part motion-static animate-wave ${WAVE_DELAYS[index]}`}
          />
        ))}
      </g>
      <g className="emblem-part motion-static animate-orbit">
        <circle cx="160" cy="160" r="148" fill="none" strokeDasharray="2 7" className="stroke-brand-400" />
        <circle cx="160" cy="12" r="5" className="fill-mark-cyan" />
        <circle cx="308" cy="160" r="3.5" className="fill-fuchsia-500" />
      </g>
      {/* The logo's mark, 2.5 times its size (120 units), in the middle; strokes of 7 units. */}
      <g className={`emblem-part motion-static animate-float ${markClassName}`}>
        <g transform="translate(100 100) scale(2.5)">
          <MarkTile strokeWidth="2.8">
            {/* Dimmed under the signal running along it; whole when the signal stands still. */}
            <path d={MARK_WAVEFORM} className="opacity-60 motion-reduce:opacity-100" />
            <path d={MARK_WAVEFORM} pathLength="48" strokeDasharray="9 39" className="motion-static animate-trace motion-reduce:hidden" />
          </MarkTile>
        </g>
      </g>
    </svg>
  );
}
