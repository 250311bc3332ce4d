/**
 * An animated chip with circuit traces running into it, labelled with the brand in capitals
 * (spec §2). The traces' flow is a CSS stroke-dashoffset animation, off under reduced motion.
 */
export function ChipCircuit({ brand, caption }: { brand: string; caption: string }) {
  const label = brand.toUpperCase();
  const traces = [
    'M20 60h60v40h40',
    'M20 140h80v-20h20',
    'M20 220h60v-40h40',
    'M380 60h-60v40h-40',
    'M380 140h-80v-20h-20',
    'M380 220h-60v-40h-40',
    'M160 20v60h20v40',
    'M240 20v60h-20v40',
    'M160 260v-40h20v-40',
    'M240 260v-40h-20v-40',
  ];
  return (
    <figure className="mx-auto w-full max-w-md">
      <svg viewBox="0 0 400 280" role="img" aria-label={`${label} — ${caption}`} className="w-full">
        <g fill="none" strokeLinecap="round" strokeWidth="3">
          {traces.map((d) => (
            <path key={d} d={d} className="stroke-slate-300 dark:stroke-slate-700" />
          ))}
          {traces.map((d) => (
            <path
              key={`flow-${d}`}
              d={d}
              strokeDasharray="8 40"
              className="motion-static animate-trace stroke-accent-500 dark:stroke-accent-400"
            />
          ))}
        </g>
        {traces.map((d) => {
          const [x, y] = d.slice(1).split(/[hv]/)[0]!.split(' ').map(Number);
          return <circle key={`pad-${d}`} cx={x} cy={y} r="6" className="fill-brand-500" />;
        })}
        <rect x="120" y="100" width="160" height="80" rx="14" className="fill-slate-900 dark:fill-slate-800" />
        <rect x="128" y="108" width="144" height="64" rx="10" fill="none" className="stroke-brand-400" strokeWidth="1.5" />
        <text
          x="200"
          y="146"
          textAnchor="middle"
          className="fill-white font-sans text-[20px] font-bold tracking-[0.2em]"
        >
          {label}
        </text>
      </svg>
      <figcaption className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">{caption}</figcaption>
    </figure>
  );
}
