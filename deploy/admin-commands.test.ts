import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VapiStandIn, startVapiStandIn } from '../test/vapi-stand-in';
import { installServer } from '../scripts/release';
import { createStore } from '../src/server/store';
import { REPO_ROOT } from '../test/server-process';
import { launchBrowser } from '../scripts/lib/chromium';
import { addDays } from '../src/server/core/calendar';

/**
 * The admin commands on a deployed server, the documented way (docs/deploy.md,
 * "Admin commands"): `atelier-ia <command>` typed as root, against a deployed layout: the
 * service's own system user, its data folder (0700, its own), the configuration file (root's,
 * readable by the service's group), a release under /opt/atelier-ia/current, installed as
 * `npm run release` installs one (its own copy, which the service's user can read even when the
 * checkout sits in a private home folder). The layout sits in a temp folder (the paths of
 * deploy/atelier-ia moved there) and the user is made for the test (its own name, so that
 * parallel runs never share one) and deleted after it. Vapi is a local stand-in.
 */
const run = promisify(execFile);
const user = `aia-test-${process.pid}`;
let root: string;
let paths: { app: string; config: string; data: string; backups: string; command: string };
let vapi: VapiStandIn;
const VAPI_KEY = 'vapi-private-key-admin-test-4242';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The command as the administrator types it, from their own folder, with a stray setting in their shell. */
async function atelierIa(args: string[], as?: string) {
  const [file, argv] = as ? ['runuser', ['-u', as, '--', paths.command, ...args]] : [paths.command, args];
  return run(file, argv, { cwd: root, env: { PATH: process.env.PATH, SQLITE_PATH: '/nowhere/leads.sqlite' } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

const owner = async (path: string) => (await run('stat', ['-c', '%U %a', path])).stdout.trim();

beforeAll(async () => {
  await run('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', user]);
  root = await mkdtemp(join(tmpdir(), 'deployed-'));
  await chmod(root, 0o755);
  paths = {
    app: join(root, 'opt/atelier-ia'),
    config: join(root, 'etc/atelier-ia/env'),
    data: join(root, 'var/lib/atelier-ia'),
    backups: join(root, 'var/backups/atelier-ia'),
    command: join(root, 'usr/local/sbin/atelier-ia'),
  };
  const move = (text: string) =>
    text
      .replaceAll('/opt/atelier-ia', paths.app)
      .replaceAll('/etc/atelier-ia', join(root, 'etc/atelier-ia'))
      .replaceAll('/var/lib/atelier-ia', paths.data)
      .replaceAll('/var/backups/atelier-ia', paths.backups);

  // The release being served, its server part installed as `npm run release` installs it.
  await installServer(join(paths.app, 'releases', 'test'));
  await symlink('releases/test', join(paths.app, 'current'));
  // docs/deploy.md, step 3: root writes the file, the service's group may read it. The firm
  // keeps contact requests 30 days, not the default 730, and has a Vapi organization.
  vapi = await startVapiStandIn({ privateKey: VAPI_KEY, orgId: 'org-admin' });
  await mkdir(join(root, 'etc/atelier-ia'), { recursive: true });
  const settings: Record<string, string> = {
    SITE_RETENTION_DAYS: '30',
    VAPI_PRIVATE_KEY: VAPI_KEY,
    VAPI_SERVER_SECRET: 'vapi-server-secret-admin-test-0123456789',
    VAPI_API_BASE_URL: vapi.url,
  };
  const example = await readFile(join(REPO_ROOT, 'deploy/env.example'), 'utf8');
  await writeFile(
    paths.config,
    move(example).replace(/^(\w+)=.*$/gm, (line, key: string) => (key in settings ? `${key}=${settings[key]}` : line)),
  );
  await run('chown', [`root:${user}`, paths.config]);
  await chmod(paths.config, 0o640);
  // The wrapper, installed as the guide says, with its paths and user moved here.
  await mkdir(join(root, 'usr/local/sbin'), { recursive: true });
  const wrapper = await readFile(join(REPO_ROOT, 'deploy/atelier-ia'), 'utf8');
  if (!wrapper.includes('\nuser=atelier-ia\n')) throw new Error('deploy/atelier-ia no longer names its user on a line user=atelier-ia');
  await writeFile(paths.command, move(wrapper).replace('\nuser=atelier-ia\n', `\nuser=${user}\n`), { mode: 0o755 });

  // The data folder as systemd makes it (StateDirectory=, 0700) and the backup folder (step 7),
  // with the database the service created: two contact requests, one 45 days old.
  for (const folder of [paths.data, paths.backups]) {
    await mkdir(join(folder, '..'), { recursive: true, mode: 0o755 });
    await mkdir(folder, { mode: 0o700 });
  }
  const sqlitePath = join(paths.data, 'leads.sqlite');
  const store = await createStore({ sqlitePath, databaseUrl: undefined });
  await store.insertContact({ name: 'Ancienne', email: 'a@example.com', phone: '514 555 0100', message: 'Bonjour' });
  await store.insertContact({ name: 'Récente', email: 'r@example.com', phone: '514 555 0101', message: 'Allô' });
  await store.close();
  const database = new BetterSqlite3(sqlitePath);
  database.prepare('update contact_submissions set created_at = ? where name = ?').run(new Date(Date.now() - 45 * DAY_MS).toISOString(), 'Ancienne');
  database.close();
  const id = (flag: string) => run('id', [flag, user]).then(({ stdout }) => Number(stdout.trim()));
  const [uid, gid] = [await id('-u'), await id('-g')];
  for (const path of [paths.data, paths.backups, ...(await readdir(paths.data)).map((name) => join(paths.data, name))]) await chown(path, uid, gid);
});

afterAll(async () => {
  await vapi?.close();
  await rm(root, { recursive: true, force: true });
  await run('userdel', [user]).catch(() => undefined);
});

describe('atelier-ia <command> on a deployed server, typed as root', () => {
  it('backup: a checked copy in the backup folder, the service user’s and 0600', async () => {
    const result = await atelierIa(['backup', paths.backups]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`Backup of ${join(paths.data, 'leads.sqlite')} written to ${paths.backups}/leads-`);
    const [file] = await readdir(paths.backups);
    expect(await owner(join(paths.backups, file!))).toBe(`${user} 600`);
  });

  it('backup into a folder not made yet: the folder named, in one line, as export says it', async () => {
    const missing = join(root, 'var/backups/elsewhere');
    expect(await atelierIa(['backup', missing])).toEqual({ code: 2, stdout: '', stderr: `No folder ${missing}: create it first.\n` });
  });

  it('purge: with the firm’s retention period from the configuration file (30 days), not the default', async () => {
    const result = await atelierIa(['purge']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Deleted 1 contact request received before .* \(older than 30 days\)\.$/m);
  });

  it('deliveries and export --out: the same database, the file the service user’s and 0600, the CSV as Excel wants it', async () => {
    const deliveries = await atelierIa(['deliveries']);
    expect(deliveries).toEqual({ code: 0, stdout: 'No pending or failed deliveries.\n', stderr: '' });

    const file = join(paths.backups, 'contacts.csv');
    const exported = await atelierIa(['export', 'contacts', '--out', file]);
    expect(exported).toMatchObject({ code: 0, stderr: '', stdout: `1 contact request(s) written to ${file} (csv, readable by its owner only).\n` });
    expect(await owner(file)).toBe(`${user} 600`);
    const csv = await readFile(file, 'utf8');
    expect(csv.startsWith('\uFEFF"id"')).toBe(true);
    expect(csv).toContain('"Récente"');
    expect(csv).not.toContain('Ancienne');
  });

  it('leave the data folder as the service needs it: only the database, every file its own; no npm cache anywhere', async () => {
    const names = await readdir(paths.data);
    expect(names.every((name) => name.startsWith('leads.sqlite'))).toBe(true);
    for (const name of names) expect(await owner(join(paths.data, name))).toMatch(new RegExp(`^${user} `));
    const everything = await readdir(root, { recursive: true });
    expect(everything.filter((path) => /(^|\/)\.npm\b|_cacache/.test(path))).toEqual([]);
  });

  it('voice:sync: the assistants made in Vapi with the key from the configuration file, and their ids to set', async () => {
    const result = await atelierIa(['voice:sync']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const ids = [...vapi.assistants.values()].map((assistant) => assistant.id);
    expect(ids).toHaveLength(2);
    expect(result.stdout).toMatch(new RegExp(`^VAPI_ASSISTANT_ID_EN=(${ids.join('|')})\nVAPI_ASSISTANT_ID_FR=(${ids.join('|')})$`, 'm'));
    expect(result.stdout).not.toContain(VAPI_KEY);
  });

  it('stats: the figures as a table in the firm’s language, and --html a report the service user’s, 0600, that loads nothing when opened', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const file = join(paths.backups, 'figures.html');
    const result = await atelierIa(['stats', '--from', addDays(today, -3), '--to', addDays(today, 3), '--html', file]);
    expect(result).toMatchObject({ code: 0, stderr: `Report written to ${file} (readable by its owner only).\n` });
    // FIRM_LOCALE=fr in the example configuration: the two contact requests stored by the service.
    expect(result.stdout).toMatch(/^Formulaire de contact envoyé\s+2\s/m);
    expect(await owner(file)).toBe(`${user} 600`);

    // Opened in Chromium with every request outside the file refused and counted: none is made.
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const requests: string[] = [];
      await context.route('**/*', (route) => {
        if (!route.request().url().startsWith('file:')) requests.push(route.request().url());
        return route.request().url().startsWith('file:') ? route.continue() : route.abort();
      });
      const page = await context.newPage();
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(`file://${file}`, { waitUntil: 'load' });
      await page.waitForTimeout(500);
      expect(requests.filter((url) => url !== `file://${file}`)).toEqual([]);
      expect(await page.locator('svg[role="img"]').count()).toBeGreaterThanOrEqual(2);
      expect(await page.locator('h1').textContent()).toContain('les chiffres du site');
    } finally {
      await browser.close();
    }
  });

  it('run by the service user itself, they work the same; by anyone else, a clear refusal', async () => {
    expect(await atelierIa(['deliveries'], user)).toEqual({ code: 0, stdout: 'No pending or failed deliveries.\n', stderr: '' });
    expect(await atelierIa(['deliveries'], 'nobody')).toEqual({
      code: 1,
      stdout: '',
      stderr: `atelier-ia: run it as root (it then runs as ${user}), or as ${user}\n`,
    });
    const unknown = await atelierIa(['restore']);
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command: restore') });
  });
});
