import { useId } from 'react';

/**
 * The brand mark: a rounded square holding a stylised voice waveform. Decorative; the brand name
 * is always given as text next to it or as the accessible name of the surrounding link.
 * Each instance needs its own gradient id: a reference into a hidden copy (the other layout's
 * nav) would not paint.
 */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#06b6d4" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gradientId})`} />
      <path d="M10 24h4l3-8 5 18 5-22 4 16 3-4h4" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
