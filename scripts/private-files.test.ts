import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENTRY } from './lib/server-bundle';
import { createStore } from '../src/server/store';

/**
 * Export and backup files hold every lead. They are created 0600 whatever the
 * umask, never over an existing file, and on a full disk the command fails (non-zero exit) and
 * leaves no file, whole or partial. Run as an administrator runs them: the compiled commands
 * (dist-server/admin.js) from a shell with a permissive umask. A full disk is a real one, a small
 * tmpfs (mounting needs root, as the whole suite has: scripts/test.sh).
 */
const run = promisify(execFile);
let dir: string;
let full: string;
let env: Record<string, string>;

/** `node admin.js <args>` under `umask 000`, with `redirect` (e.g. `> file`) if given. */
async function admin(args: string[], redirect = '') {
  const quoted = args.map((arg) => `'${arg}'`).join(' ');
  return run('sh', ['-c', `umask 000; exec "${process.execPath}" "${ADMIN_ENTRY}" ${quoted} ${redirect}`], { env: { PATH: process.env.PATH, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'private-files-'));
  env = { SQLITE_PATH: join(dir, 'leads.sqlite'), DATABASE_URL: '' };
  // About 4 MB of leads: more than the small disk below holds.
  const store = await createStore({ sqlitePath: env.SQLITE_PATH!, databaseUrl: undefined });
  for (let i = 0; i < 1000; i++)
    await store.insertContact({ name: `Client ${i}`, email: `c${i}@example.com`, phone: '514 555 0100', message: `${i} `.repeat(1500) });
  await store.close();
  full = join(dir, 'small-disk');
  await mkdir(full);
  await run('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0755', 'tmpfs', full]).catch((error: Error) => {
    throw new Error(`this test mounts a 1 MB tmpfs and needs root (as scripts/test.sh runs): ${error.message}`);
  });
});
afterAll(async () => {
  await run('umount', ['-l', full]).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('export --out and backup files', () => {
  it('are created 0600 under umask 000, complete, and never over an existing file', async () => {
    const csv = join(dir, 'contacts.csv');
    const exported = await admin(['export', 'contacts', '--out', csv]);
    expect(exported).toMatchObject({ code: 0, stderr: '', stdout: `1000 contact request(s) written to ${csv} (csv, readable by its owner only).\n` });
    expect((await stat(csv)).mode & 0o777).toBe(0o600);
    const text = await readFile(csv, 'utf8');
    // The byte-order mark Excel needs comes first: nothing (no npm banner) before it.
    expect(text.startsWith('\uFEFF"id","created_at"')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(1001);

    const again = await admin(['export', 'newsletter', '--out', csv]);
    expect(again).toMatchObject({ code: 2, stderr: `${csv} already exists: it is never overwritten. Choose a new name.\n` });
    expect(await readFile(csv, 'utf8')).toBe(text);

    // Every file that appears in the folder while the backup runs, its temporary one included,
    // is 0600 from the start: another local user never gets to open one.
    const backups = join(dir, 'backups');
    await mkdir(backups);
    const running = admin(['backup', backups]);
    const seen = new Map<string, number>();
    const state = { done: false };
    void running.finally(() => (state.done = true));
    while (!state.done) {
      for (const name of await readdir(backups)) {
        const mode = await stat(join(backups, name)).then(
          (info) => info.mode & 0o777,
          () => undefined,
        );
        if (mode !== undefined) seen.set(`${name} ${mode.toString(8)}`, mode);
      }
    }
    const backup = await running;
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect([...seen.keys()].some((entry) => entry.includes('.partial'))).toBe(true);
    expect([...seen.entries()].filter(([, mode]) => mode !== 0o600)).toEqual([]);
    const files = await readdir(backups);
    expect(files).toEqual([expect.stringMatching(/^leads-.*\.sqlite$/)]);
    expect((await stat(join(backups, files[0]!))).mode & 0o777).toBe(0o600);
    expect(backup.stdout).toMatch(/contact_submissions\s+1000\n/);
  });

  it('on a full disk: export --out and backup exit 1 and leave nothing behind', async () => {
    const exported = await admin(['export', 'contacts', '--out', join(full, 'contacts.csv')]);
    expect(exported).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Export failed: ENOSPC: no space left on device/) });
    expect(await readdir(full)).toEqual([]);

    const backup = await admin(['backup', full]);
    expect(backup).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Backup failed: .*(full|space)/i) });
    // Not the copy, not its temporary file, not SQLite's journal.
    expect(await readdir(full)).toEqual([]);
  });

  it('an export to stdout redirected to a full disk exits 1, not 0 with a file cut mid-row', async () => {
    const target = join(full, 'redirected.csv');
    const result = await admin(['export', 'contacts'], `> '${target}'`);
    expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining('ENOSPC') });
    await rm(target, { force: true });
  });
});
