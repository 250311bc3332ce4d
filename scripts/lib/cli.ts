/**
 * How the admin commands (backup, purge, deliveries, export) run from a command line: as
 * `npm run <command> -- …` in a checkout, and compiled, as `atelier-ia <command> …` on a deployed
 * server (scripts/admin.ts, deploy/atelier-ia). `--config FILE` reads the configuration file the
 * service reads (lib/config-file.ts). What they print goes through a checked writer: a write
 * that fails (a full disk under `> file`, a closed pipe) is an error and a non-zero exit, never a
 * shortened output and 0.
 */
import { createWriteStream, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigFileError, applyConfigFile } from './config-file';
import type { Output } from './with-store';

export type Command = (args: readonly string[], env: Record<string, string | undefined>, out: Output, err: Output) => Promise<number>;

/** fs.WriteStream on fd 1: it loops over short writes and reports errors, which process.stdout on a file does not. */
function checkedStdout() {
  const stream = createWriteStream('', { fd: 1, autoClose: false });
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  return {
    // Resolves once written (or failed: the failure is reported by finish()).
    out: { write: (text: string) => new Promise<void>((resolve) => stream.write(text, () => resolve())) },
    finish: () => new Promise<Error | undefined>((resolve) => stream.end(() => resolve(failure))),
  };
}

/** What a command's argument parser returns: its options, a request for its usage, or what is wrong. */
export type Parsed<T> = T | { help: true } | { error: string };

/**
 * The admin commands' common start: `--help` prints the usage (exit 0); a bad argument says what
 * is wrong, then the usage (exit 2). Returns the options, or the exit code to return at once.
 */
export function optionsOrExit<T extends object>(parsed: Parsed<T>, usage: string, out: Output, err: Output): T | number {
  if ('help' in parsed) {
    out.write(`${usage}\n`);
    return 0;
  }
  if ('error' in parsed) {
    err.write(`${parsed.error}\n\n${usage}\n`);
    return 2;
  }
  return parsed;
}

/** The arguments without `--config FILE`, whose settings are now in process.env; undefined (said on stderr) if it cannot be read. */
export function withConfigFile(argv: readonly string[]): string[] | undefined {
  try {
    return applyConfigFile([...argv]);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}

export async function runCli(command: Command, argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  const args = withConfigFile(argv);
  if (!args) return 1;
  const stdout = checkedStdout();
  const code = await command(args, process.env, stdout.out, process.stderr);
  const failure = await stdout.finish();
  if (failure) {
    process.stderr.write(`Output could not be written: ${failure.message}\n`);
    return code === 0 ? 1 : code;
  }
  return code;
}

/**
 * Whether the module at `url` is the program node was asked to run. Node loads the program by its
 * real path, so a path through a symbolic link (/opt/atelier-ia/current/...) is resolved first.
 */
export function isMain(url: string): boolean {
  const program = process.argv[1];
  return program !== undefined && url === pathToFileURL(realpathSync(program)).href;
}
