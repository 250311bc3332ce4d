import { useId, type ReactNode } from 'react';

/** The mark's waveform, on its 48-unit square. */
export const MARK_WAVEFORM = 'M10 24h4l3-8 5 18 5-22 4 16 3-4h4';

/**
 * The brand mark: a rounded square holding a stylised voice waveform. Decorative; the brand name
 * is always given as text next to it or as the accessible name of the surrounding link.
 * Each instance needs its own gradient id: a reference into a hidden copy (the other layout's
 * nav) would not paint.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={className}>
      <MarkTile strokeWidth="3">
        <path d={MARK_WAVEFORM} />
      </MarkTile>
    </svg>
  );
}

/**
 * The mark's square, on its 48 units, with its gradient, and the white strokes `children` draw on
 * it (MARK_WAVEFORM): the logo's as is, the emblem's (./Emblem.tsx) enlarged around a running signal.
 */
export function MarkTile({ strokeWidth, children }: { strokeWidth: string; children: ReactNode }) {
  const gradientId = useId();
  return (
    <>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#06b6d4" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gradientId})`} />
      <g fill="none" stroke="#fff" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </>
  );
}
