/** One swell of a voice: the heights of its periods' control points, in units of the 40-unit drawing. */
const SWELL = [8, 18, 30, 36, 26, 14];
const PERIOD = 50;
/**
 * Two swells, then the start of a third for the shifted echo: the drawing is twice its box's width
 * and slides by half of it (the `marquee` keyframes, index.css), one whole swell, so the loop is
 * seamless.
 */
const WAVE = `M0 20${[...SWELL, ...SWELL, SWELL[0]!].map((height) => `q${PERIOD / 4}-${height} ${PERIOD / 2} 0q${PERIOD / 4} ${height} ${PERIOD / 2} 0`).join('')}`;
const VIEW_BOX = `0 0 ${SWELL.length * 2 * PERIOD} 40`;

/**
 * Sound waves sliding across their box (which must clip them: `overflow-hidden`), drawn with the
 * stroke colours given. Decorative; still under reduced motion.
 */
export function SoundWave({ className, echoClassName }: { className: string; echoClassName: string }) {
  return (
    <svg
      viewBox={VIEW_BOX}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      className={`motion-static absolute inset-y-0 left-0 h-full w-[200%] animate-marquee fill-none ${className}`}
    >
      <path d={WAVE} vectorEffect="non-scaling-stroke" />
      <path d={WAVE} vectorEffect="non-scaling-stroke" transform={`translate(-${PERIOD / 2} 4)`} className={echoClassName} />
    </svg>
  );
}
