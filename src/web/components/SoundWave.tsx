/** A period of the wave, and how many make one swell of a voice, in units of the 40-unit-high drawing. */
const PERIOD = 50;
const SWELL_PERIODS = 6;
const HALF = PERIOD / 2;
/**
 * How far the wave swings from the middle at x: from 4 units up to 16 and back, once per swell. The
 * echo is drawn ECHO_DROP lower, so 16 + 4 keeps both inside the drawing's 20 units either side of
 * the middle: drawn whole in their box at any height.
 */
const swing = (x: number) => 10 - 6 * Math.cos((2 * Math.PI * x) / (SWELL_PERIODS * PERIOD));
const ECHO_DROP = 4;
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Two swells, then the start of a third for the shifted echo, as one smooth curve: a cubic Bézier
 * per half period, from one crossing of the middle line to the next. At each crossing the handles
 * of the two curves that meet there point straight through it, so no corner shows where they join
 * (the quadratic pieces this replaced met at an angle wherever the swing changed, visible on dense
 * screens). A cubic hump reaches 3/4 of its handles' height, hence the 4/3. The drawing is twice its
 * box's width and slides by half of it (the `marquee` keyframes, app/motion.css), one whole swell, so
 * the loop is seamless.
 */
function wave(): string {
  const handle = (crossing: number) => round((4 / 3) * swing(crossing * HALF));
  const third = round(HALF / 3);
  const humps = Array.from({ length: (2 * SWELL_PERIODS + 1) * 2 }, (_, crossing) => {
    const up = crossing % 2 === 0 ? -1 : 1;
    return `c${third} ${up * handle(crossing)} ${round(HALF - third)} ${up * handle(crossing + 1)} ${HALF} 0`;
  });
  return `M0 20${humps.join('')}`;
}

const WAVE = wave();
const VIEW_BOX = `0 0 ${SWELL_PERIODS * 2 * PERIOD} 40`;

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
      <path d={WAVE} vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
      <path d={WAVE} vectorEffect="non-scaling-stroke" strokeLinejoin="round" transform={`translate(-${HALF} ${ECHO_DROP})`} className={echoClassName} />
    </svg>
  );
}
