/**
 * The benchmarks' command lines, read one way: `--help` prints what the command does and its
 * options (exit 0); a bad argument is one line, what is wrong and the usage (exit 2), never a
 * stack trace. Every benchmark that starts a server takes `--port N`: its servers listen on N,
 * N+1… instead of free ports chosen for them (a firewall, a port to watch).
 */
import { parseArgs } from 'node:util';

export type BenchCommand = {
  /** `bench:server`, as typed after `npm run`. */
  name: string;
  /** The options after `--`, e.g. `[--runs N] [--port N]`. */
  usage: string;
  /** What it does, a few lines for --help. */
  help: string;
  /** Options taking a value (`--runs N`), with their defaults. */
  options: Record<string, { default?: string }>;
  /** Whether it takes plain arguments (bench:compare's build folders). */
  positionals?: boolean;
};

export type BenchArguments = {
  values: Record<string, string | undefined>;
  positionals: string[];
  /** Says what is wrong with the arguments, in one line with the usage, and exits 2. */
  fail(problem: string): never;
  /** An option's whole number, from `min` to `max`, or fail(). */
  whole(option: string, min: number, max?: number): number;
  /** The port of the `index`-th server started (0 first): --port N, N+1…, or undefined (a free port). */
  port(index: number): number | undefined;
};

export function benchArguments(command: BenchCommand, argv: string[] = process.argv.slice(2)): BenchArguments {
  const usage = `Usage: npm run ${command.name}${command.usage ? ` -- ${command.usage}` : ''}`;
  const fail = (problem: string): never => {
    console.error(`${command.name}: ${problem}. ${usage} (--help says more)`);
    process.exit(2);
  };
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(Object.entries(command.options).map(([name, { default: fallback }]) => [name, { type: 'string', default: fallback }] as const)),
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: command.positionals ?? false,
      strict: true,
    });
  } catch (error) {
    // node:util's own message, e.g. "Unknown option '--rusn'", without its advice for scripts.
    return fail((error as Error).message.split('. ', 1)[0]!.replace(/\.$/, ''));
  }
  if (parsed.values.help) {
    console.log(`${usage}\n\n${command.help}`);
    process.exit(0);
  }
  const values = Object.fromEntries(Object.entries(parsed.values).filter(([name]) => name !== 'help')) as Record<string, string | undefined>;
  const whole = (option: string, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const text = values[option];
    const value = Number(text);
    if (text === undefined || !/^\d+$/.test(text) || value < min || value > max)
      fail(`--${option} expects a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}, got ${text ?? 'nothing'}`);
    return value;
  };
  const first = values.port === undefined ? undefined : whole('port', 1, 65535);
  return { values, positionals: parsed.positionals, fail, whole, port: (index) => (first === undefined ? undefined : first + index) };
}
