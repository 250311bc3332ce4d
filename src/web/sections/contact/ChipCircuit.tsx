/** The drawing's size, in its own units; the chip sits in its middle. */
const WIDTH = 400;
const HEIGHT = 240;
const CX = WIDTH / 2;
const CY = HEIGHT / 2;
/** The label's width per character and its bounds, in drawing units (18-unit bold capitals, spaced). */
const LABEL_ADVANCE = 14;
const LABEL_MIN = 56;
const LABEL_MAX = 210;
/** Negative delays: the signals are spread along their traces from the first frame. */
const SIGNAL_DELAYS = ['', '[animation-delay:-0.8s]', '[animation-delay:-1.6s]', '[animation-delay:-2.4s]'];

type Point = readonly [number, number];
type Size = { width: number; height: number };

/** A rectangle of this size centred in the drawing, as a `<rect>`'s position and size. */
function centred({ width, height }: Size) {
  return { x: CX - width / 2, y: CY - height / 2, width, height };
}

/**
 * A circuit trace from a pad to a pin, as drawn on boards: straight, one 45° bend, straight again.
 * `vertical` runs up or down first (traces above and below the chip), otherwise sideways first.
 */
function trace([x1, y1]: Point, [x2, y2]: Point, vertical: boolean): string {
  const [along, across] = vertical ? [y2 - y1, x2 - x1] : [x2 - x1, y2 - y1];
  const run = Math.max(0, (Math.abs(along) - Math.abs(across)) / 2) * Math.sign(along);
  const bend = run + Math.abs(across) * Math.sign(along);
  return vertical ? `M${x1} ${y1}V${y1 + run}L${x2} ${y1 + bend}V${y2}` : `M${x1} ${y1}H${x1 + run}L${x1 + bend} ${y2}H${x2}`;
}

/**
 * An animated chip with circuit traces running into it, labelled with the brand in capitals.
 * The chip is as wide as its label, which is set to a computed length (`textLength`), so
 * the label stays inside its outline whatever the brand and the font. Signals run from the pads
 * into the chip and the chip sends out a slow pulse: CSS animations (app/motion.css), still under
 * reduced motion.
 */
export function ChipCircuit({ brand, caption }: { brand: string; caption: string }) {
  const label = brand.toUpperCase();
  const labelWidth = Math.min(LABEL_MAX, Math.max(LABEL_MIN, label.length * LABEL_ADVANCE));
  const outline = centred({ width: labelWidth + 36, height: 52 });
  const body = centred({ width: outline.width + 20, height: outline.height + 20 });
  const { x: left, y: top } = body;

  const sides: [Point, Point, boolean][] = [];
  for (const [index, dy] of [-18, 0, 18].entries()) {
    const padY = CY + (index - 1) * 80;
    sides.push([[14, padY], [left, CY + dy], false], [[WIDTH - 14, padY], [WIDTH - left, CY + dy], false]);
  }
  for (const [index, dx] of [-36, 0, 36].entries()) {
    const padX = CX + (index - 1) * 96;
    sides.push([[padX, 14], [CX + dx, top], true], [[padX, HEIGHT - 14], [CX + dx, HEIGHT - top], true]);
  }
  const traces = sides.map(([pad, pin, vertical]) => ({ pad, pin, d: trace(pad, pin, vertical) }));

  return (
    <figure className="mx-auto w-full max-w-md">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${label} — ${caption}`} className="w-full">
        <g fill="none" strokeLinecap="round" strokeWidth="3">
          {traces.map(({ d }) => (
            <path key={d} d={d} className="stroke-slate-300 dark:stroke-slate-700" />
          ))}
          {traces.map(({ d }, index) => (
            <path
              key={`signal-${d}`}
              d={d}
              pathLength="48"
              strokeDasharray="7 41"
              className={`motion-static animate-trace stroke-accent-500 motion-reduce:hidden dark:stroke-accent-400 ${SIGNAL_DELAYS[index % SIGNAL_DELAYS.length]}`}
            />
          ))}
        </g>
        {traces.map(({ pad: [x, y] }) => (
          <circle key={`pad-${x}-${y}`} cx={x} cy={y} r="6" className="fill-brand-500 stroke-white stroke-2 dark:stroke-slate-950" />
        ))}
        {traces.map(({ pin: [x, y] }) => (
          <circle key={`pin-${x}-${y}`} cx={x} cy={y} r="3.5" className="fill-slate-400 dark:fill-slate-500" />
        ))}
        {/* The chip's pulse: a copy of its outline growing and fading from the drawing's centre. */}
        <rect
          {...body}
          rx="14"
          fill="none"
          strokeWidth="2"
          className="emblem-part motion-static animate-wave stroke-brand-500 motion-reduce:hidden dark:stroke-accent-400"
        />
        <rect {...body} rx="14" className="fill-slate-900 dark:fill-slate-800" />
        <rect {...outline} rx="9" fill="none" strokeWidth="1.5" className="stroke-brand-400" />
        <text
          x={CX}
          y={CY}
          textAnchor="middle"
          dominantBaseline="central"
          textLength={labelWidth}
          lengthAdjust="spacingAndGlyphs"
          className="fill-white font-sans text-[18px] font-bold"
        >
          {label}
        </text>
      </svg>
      <figcaption className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">{caption}</figcaption>
    </figure>
  );
}
