import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test/postgres';
import { REPO_ROOT } from '../test/server-process';

const run = promisify(execFile);
const DEPLOY = join(REPO_ROOT, 'deploy');
const UNITS = ['atelier-ia.service', 'atelier-ia-backup.service', 'atelier-ia-backup.timer'];
const SERVICES = UNITS.filter((unit) => unit.endsWith('.service'));
/** systemd-analyze security's scale: 0 (locked down) to 10 (exposed); "OK" is up to 4.9. */
const MAX_EXPOSURE = 2;

/** Key → values of a unit's [Service] section, as systemd reads them (repeated keys accumulate). */
async function serviceSection(unit: string): Promise<Map<string, string[]>> {
  const text = await readFile(join(DEPLOY, unit), 'utf8');
  const section = text.split(/^\[/m).find((part) => part.startsWith('Service]')) ?? '';
  const keys = new Map<string, string[]>();
  for (const line of section.split('\n').slice(1)) {
    const match = /^(\w+)=(.*)$/.exec(line.trim());
    if (match) keys.set(match[1]!, [...(keys.get(match[1]!) ?? []), match[2]!]);
  }
  return keys;
}
const one = (keys: Map<string, string[]>, key: string) => keys.get(key)?.at(-1);
const environment = (keys: Map<string, string[]>) =>
  Object.fromEntries((keys.get('Environment') ?? []).flatMap((line) => line.split(/\s+/).map((pair) => pair.split('=', 2) as [string, string])));

/**
 * The unit's command, environment and working directory, moved from the paths of a real install
 * (/opt/atelier-ia/current, /var/lib/atelier-ia, /var/backups/atelier-ia) to this checkout (built
 * as a release is: dist/, dist-server/, node_modules/) and a temp dir.
 */
function asInstalledHere(keys: Map<string, string[]>, dir: string) {
  const move = (text: string) =>
    text
      .replaceAll('/opt/atelier-ia/current', REPO_ROOT)
      .replaceAll('/var/lib/atelier-ia', join(dir, 'state'))
      .replaceAll('/var/backups/atelier-ia', join(dir, 'backups'));
  const [command, ...args] = move(one(keys, 'ExecStart')!).split(/\s+/);
  const env = Object.fromEntries(Object.entries(environment(keys)).map(([key, value]) => [key, move(value)]));
  return { command: command!, args, env, cwd: move(one(keys, 'WorkingDirectory')!) };
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

describe('systemd units (deploy/)', () => {
  it('pass systemd-analyze verify without a warning', async () => {
    const { stdout, stderr } = await run('systemd-analyze', ['verify', ...UNITS.map((unit) => join(DEPLOY, unit))]);
    expect({ stdout, stderr }).toEqual({ stdout: '', stderr: '' });
  });

  it('the Caddy drop-in passes systemd-analyze verify with Debian’s caddy.service, and sets what the Caddyfile needs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'caddy-unit-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // As installed: Debian's unit, and the drop-in in its folder (/etc/systemd/system/caddy.service.d/).
    await copyFile('/lib/systemd/system/caddy.service', join(dir, 'caddy.service'));
    await mkdir(join(dir, 'caddy.service.d'));
    await copyFile(join(DEPLOY, 'caddy-atelier-ia.conf'), join(dir, 'caddy.service.d', 'atelier-ia.conf'));
    const { stdout, stderr } = await run('systemd-analyze', ['verify', 'caddy.service'], { env: { PATH: process.env.PATH, SYSTEMD_UNIT_PATH: `${dir}:` } });
    expect({ stdout, stderr }).toEqual({ stdout: '', stderr: '' });
    const dropIn = await readFile(join(DEPLOY, 'caddy-atelier-ia.conf'), 'utf8');
    const set = [...dropIn.matchAll(/^Environment=(.*)$/gm)].flatMap(([, pairs]) => pairs!.split(/\s+/).map((pair) => pair.split('=')[0]));
    // The Caddyfile's variables without a default: the site's name and its certificates.
    const caddyfile = await readFile(join(DEPLOY, 'Caddyfile'), 'utf8');
    const required = [...new Set([...caddyfile.matchAll(/\{\$(\w+)\}/g)].map(([, name]) => name))];
    expect(set.toSorted()).toEqual(required.toSorted());
    expect(dropIn).toMatch(/^RuntimeDirectory=caddy$/m);
    expect(dropIn).toMatch(/^RuntimeDirectoryMode=0700$/m);
  });

  it.each(SERVICES)('%s is confined: its own user, read-only system but its data, no new privileges; systemd-analyze security rates it OK', async (unit) => {
    const keys = await serviceSection(unit);
    expect(one(keys, 'User')).toBe('atelier-ia');
    expect(one(keys, 'ProtectSystem')).toBe('strict');
    expect(one(keys, 'NoNewPrivileges')).toBe('yes');
    expect(one(keys, 'CapabilityBoundingSet')).toBe('');
    // Where it may write holds the database.
    const writable = one(keys, 'ReadWritePaths')!.split(/\s+/);
    expect(writable).toContain(dirname(environment(keys).SQLITE_PATH!));
    // Exits non-zero when the exposure is over the threshold.
    const { stdout } = await run('systemd-analyze', ['security', '--offline=yes', `--threshold=${MAX_EXPOSURE * 10}`, join(DEPLOY, unit)]);
    const exposure = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(stdout)?.[1]);
    expect(exposure).toBeLessThanOrEqual(MAX_EXPOSURE);
  });

  it('atelier-ia.service restarts on failure and starts the compiled server with its configuration; SIGTERM stops it with 0', async () => {
    const keys = await serviceSection('atelier-ia.service');
    expect(one(keys, 'Restart')).toBe('on-failure');
    expect(one(keys, 'KillSignal')).toBe('SIGTERM');
    const dir = await mkdtemp(join(tmpdir(), 'unit-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await mkdir(join(dir, 'state'));
    const unit = asInstalledHere(keys, dir);
    expect(unit.command).toBe('/usr/bin/node');
    const port = await freePort();
    const server = spawn(unit.command, unit.args, {
      cwd: unit.cwd,
      env: { PATH: process.env.PATH, ...unit.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    cleanups.push(async () => {
      server.kill('SIGKILL');
      await exited;
    });
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status, { timeout: 20_000, interval: 100 })
      .toBe(200);
    // The database is where the unit lets it write.
    expect(await readdir(join(dir, 'state'))).toContain('leads.sqlite');
    server.kill('SIGTERM');
    expect({ code: await exited, output }).toMatchObject({ code: 0 });
  });

  it('atelier-ia-backup.service writes a dated backup into the backup folder with the unit’s own command', async () => {
    const keys = await serviceSection('atelier-ia-backup.service');
    const dir = await mkdtemp(join(tmpdir(), 'unit-backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await mkdir(join(dir, 'state'));
    await mkdir(join(dir, 'backups'));
    const unit = asInstalledHere(keys, dir);
    // A database to back up, made by the server's migrations.
    const { createStore } = await import('../src/server/store');
    const store = await createStore({ sqlitePath: unit.env.SQLITE_PATH!, databaseUrl: undefined });
    await store.insertContact({ name: 'Marie', email: 'marie@example.com', phone: '514 555 0100', message: 'Bonjour' });
    await store.close();

    // The compiled admin command, with node alone: no npm, no cache or home written anywhere.
    expect(unit.args.slice(0, 2)).toEqual(['dist-server/admin.js', 'backup']);
    const { stdout } = await run(unit.command, unit.args, { cwd: unit.cwd, env: { PATH: process.env.PATH, ...unit.env } });
    expect(stdout).toMatch(/contact_submissions\s+1\n/);
    expect(await readdir(join(dir, 'backups'))).toEqual([expect.stringMatching(/^leads-\d{4}-\d\d-\d\dT\d{6}Z\.sqlite$/)]);
    expect((await readdir(join(dir, 'state'))).filter((name) => !name.startsWith('leads.sqlite'))).toEqual([]);
  });
});
