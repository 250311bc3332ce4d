/**
 * The admin commands in one program, compiled with the server into dist-server/admin.js
 * (scripts/lib/server-bundle.ts), so that a deployed server runs them with node alone: no npm
 * (which would want a cache and a home), no TypeScript loader. deploy/atelier-ia runs it as the
 * service's user with the service's configuration file:
 *
 *   atelier-ia backup /var/backups/atelier-ia
 *   atelier-ia purge
 *   atelier-ia deliveries --retry all-failed
 *   atelier-ia export contacts --out /var/backups/atelier-ia/contacts.csv
 *   atelier-ia voice:sync
 *   atelier-ia stats --week 2026-W47
 *
 * In a checkout the same commands are `npm run backup -- …` and so on.
 */
import { runBackup } from './backup';
import { runDeliveries } from './deliveries';
import { runExport } from './export';
import { type Command, isMain, runCli, withConfigFile } from './lib/cli';
import { runPurge } from './purge';
import { runStats } from './stats';

const COMMANDS: Record<string, Command> = {
  backup: runBackup,
  purge: runPurge,
  deliveries: runDeliveries,
  export: runExport,
  stats: runStats,
  // A chunk of its own, loaded by this command only: Vapi's SDK and the assistants' copy, 381 KB
  // of code (admin.js: 997 KB with them, 616 KB without), stay out of every nightly backup.
  'voice:sync': async (...args) => (await import('./voice-sync')).runVoiceSync(...args),
};

export const USAGE = `Usage: atelier-ia <command> [options]   (as root, or as the service's user)

  backup <file or folder>                       a checked copy of the database
  purge [--older-than <days>]                   delete what the privacy policy keeps no longer
  deliveries [--json | --retry <id>|all-failed] lead notifications waiting or failed
  export contacts|newsletter [--format csv|json] [--out FILE]
  voice:sync [--dry-run]                        the voice demo's assistants created or updated in Vapi
  stats [--week YYYY-Www | --from DAY --to DAY] [--format table|csv|json] [--html FILE]

atelier-ia <command> --help says more. docs/deploy.md: "Admin commands".`;

/** `--config FILE` may come anywhere, before the command's name too (deploy/atelier-ia puts it first). */
export async function runAdmin(argv: readonly string[]): Promise<number> {
  const rest = withConfigFile(argv);
  if (!rest) return 1;
  const [name, ...args] = rest;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (command) return runCli(command, args);
  const help = name === '--help' || name === '-h';
  (help ? process.stdout : process.stderr).write(`${help || name === undefined ? '' : `unknown command: ${name}\n\n`}${USAGE}\n`);
  return help ? 0 : 2;
}

if (isMain(import.meta.url)) {
  // Exits once the command is done, its output written: voice:sync's SDK can leave a timer behind.
  process.exit(await runAdmin(process.argv.slice(2)));
}
