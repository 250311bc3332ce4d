import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { unknownVariables } from '../../src/server/core/config/variables';

/**
 * `--config <path>` (or `--config=<path>`) on a script's command line: the configuration file
 * the systemd unit reads (EnvironmentFile=), parsed by Node's own dotenv parser, never by a shell,
 * so values with spaces, quotes or `<` arrive as written. (Not `--env-file`: Node 20 takes that
 * flag for itself even after the script's name.) Its values override the environment's,
 * as the file's override the unit's own Environment= lines. A name in it that no part reads (a
 * misspelling) is said on stderr, one line each, with the closest that is. Returns the arguments
 * without it.
 */
export function applyConfigFile(argv: string[], env: NodeJS.ProcessEnv = process.env, warn = (line: string) => process.stderr.write(`${line}\n`)): string[] {
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const path = arg === '--config' ? argv[++i] : arg.startsWith('--config=') ? arg.slice('--config='.length) : undefined;
    if (path === undefined) {
      if (arg === '--config') throw new ConfigFileError('--config: expected a file name after it');
      rest.push(arg);
      continue;
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new ConfigFileError(`--config: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    const settings = parseEnv(text);
    for (const line of unknownVariables(Object.keys(settings), { all: true })) warn(`${path}: ${line}`);
    Object.assign(env, settings);
  }
  return rest;
}

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}
