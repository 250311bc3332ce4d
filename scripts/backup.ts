/**
 * A consistent copy of the database, safe to take while the server runs:
 *
 *   npm run backup -- /var/backups/atelier-ia/leads-2026-11-25.sqlite
 *   npm run backup -- /var/backups/atelier-ia     # a folder: leads-<UTC time>.sqlite in it
 *
 * SQLite: SQLite's online backup (better-sqlite3's .backup()), which copies a consistent snapshot
 * while the server keeps writing; the copy is then made a single self-contained file (no WAL),
 * checked with PRAGMA integrity_check, and its rows are counted per table.
 * PostgreSQL (DATABASE_URL): pg_dump's custom format (the command is printed), read back with
 * pg_restore to count the rows each table holds in the archive.
 *
 * The database is opened as it is: no migration runs, so a backup taken before an upgrade is of
 * the schema that was there. The file is written under a temporary name and takes its final name
 * once checked and on disk, readable by its owner only (it holds every lead); an existing file is
 * never overwritten, a failed backup leaves nothing (lib/private-file.ts).
 * Restoring: docs/deploy.md. Exit codes: 0 done, 1 the database or the copy failed, 2 bad arguments.
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { newFileProblem, writePrivateFile } from './lib/private-file';
import { type Output, configWithDatabase } from './lib/with-store';

export const USAGE = `Usage: backup <file or folder>

Writes a consistent copy of the database to <file> (a name with an extension, e.g. .sqlite),
or to a new leads-<UTC time> file in <folder>, which must exist, while the server runs; checks
it and prints how many rows each table holds.
SQLite: a database file (.sqlite). PostgreSQL (DATABASE_URL): a pg_dump archive in its custom
format (.dump; pg_dump and pg_restore must be installed).
Reads DATABASE_URL, or SQLITE_PATH (default ./data/leads.sqlite), like the server
(--config FILE: the service's configuration file). In a checkout: npm run backup -- …;
on a deployed server: atelier-ia backup … (docs/deploy.md).`;

const run = promisify(execFile);

type Counts = Array<[table: string, rows: number]>;

/** The pg_dump arguments (the README's line): custom format, restorable by anyone into any database. */
export const pgDumpArgs = (databaseUrl: string, file: string) => ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, databaseUrl];

/** Into `temporary`, an empty file already created 0600 (SQLite gives its journal files the same mode). */
async function backupSqlite(source: string, temporary: string): Promise<Counts> {
  try {
    return await copyAndCheck(source, temporary);
  } catch (error) {
    // A copy that failed half-way (a full disk) may have left its journal beside it.
    for (const suffix of ['-journal', '-wal', '-shm']) await rm(`${temporary}${suffix}`, { force: true });
    throw error;
  }
}

async function copyAndCheck(source: string, temporary: string): Promise<Counts> {
  const database = new BetterSqlite3(source, { fileMustExist: true });
  try {
    await database.backup(temporary);
  } finally {
    database.close();
  }
  const copy = new BetterSqlite3(temporary, { fileMustExist: true });
  try {
    // One file that opens anywhere: the copy inherits WAL mode, which would want -wal/-shm files beside it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity_check of the copy: ${String(check)}`);
    const tables = copy.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
    return tables.map((table) => [
      table,
      Number(
        copy
          .prepare(`select count(*) from "${table.replaceAll('"', '""')}"`)
          .pluck()
          .get(),
      ),
    ]);
  } finally {
    copy.close();
  }
}

async function backupPostgres(databaseUrl: string, file: string, temporary: string, out: Output): Promise<Counts> {
  out.write(`pg_dump ${pgDumpArgs('"$DATABASE_URL"', file).join(' ')}\n`);
  await run('pg_dump', pgDumpArgs(databaseUrl, temporary));
  // Read the archive back: its data section, table by table, as COPY blocks.
  const { stdout } = await run('pg_restore', ['--data-only', '--file=-', temporary], { maxBuffer: 1024 * 1024 * 1024 });
  const counts: Counts = [];
  let current: [string, number] | undefined;
  for (const line of stdout.split('\n')) {
    const copy = /^COPY (?:[\w"]+\.)?"?([\w]+)"? \(.*\) FROM stdin;$/.exec(line);
    if (copy) counts.push((current = [copy[1]!, 0]));
    else if (line === '\\.') current = undefined;
    else if (current) current[1]++;
  }
  return counts.sort(([a], [b]) => a.localeCompare(b));
}

export async function runBackup(args: readonly string[], env: Record<string, string | undefined>, out: Output, err: Output): Promise<number> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    out.write(`${USAGE}\n`);
    return 0;
  }
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    err.write(`${args.length === 0 ? 'Say where to write the backup.' : `unexpected arguments: ${args.join(' ')}`}\n\n${USAGE}\n`);
    return 2;
  }
  const config = configWithDatabase(env, err);
  if (!config) return 1;
  let file = resolve(args[0]!);
  // A name without an extension (`/var/backups/atelier-ia`) is a folder, not a file to create
  // beside it: said as export says it, rather than as a write refused in its parent.
  if (!existsSync(file) && (args[0]!.endsWith('/') || extname(file) === '')) {
    err.write(`No folder ${file}: create it first.\n`);
    return 2;
  }
  if (existsSync(file) && statSync(file).isDirectory()) {
    // leads-2026-11-25T031500Z: sorts by time, and has no colon for filesystems that refuse one.
    const stamp = new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '');
    file = join(file, `leads-${stamp}.${config.databaseUrl ? 'dump' : 'sqlite'}`);
  }
  const problem = newFileProblem(file);
  if (problem) {
    err.write(`${problem}\n`);
    return 2;
  }

  try {
    let counts: Counts = [];
    await writePrivateFile(file, async (_handle, temporary) => {
      counts = config.databaseUrl ? await backupPostgres(config.databaseUrl, file, temporary, out) : await backupSqlite(config.sqlitePath, temporary);
    });
    const { size } = await stat(file);
    const source = config.databaseUrl ? 'the PostgreSQL database' : config.sqlitePath;
    const checked = config.databaseUrl ? 'read back with pg_restore' : 'integrity_check ok';
    out.write(`Backup of ${source} written to ${file} (${(size / 1024).toFixed(0)} KiB), ${checked}. Rows:\n`);
    const width = Math.max(...counts.map(([table]) => table.length));
    for (const [table, rows] of counts) out.write(`  ${table.padEnd(width)}  ${rows}\n`);
    return 0;
  } catch (error) {
    const detail = error instanceof Error ? (error as { stderr?: string }).stderr?.trim() || error.message : String(error);
    err.write(`Backup failed: ${detail}\n`);
    return 1;
  }
}
