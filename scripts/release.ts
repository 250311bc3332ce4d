/**
 * A release for the deployed server (docs/deploy.md, steps 4 and 8): builds the site and the
 * server beside the one running, then makes it current in one step.
 *
 *   npm run release -- --config /etc/atelier-ia/env     then: systemctl restart atelier-ia
 *
 * /opt/atelier-ia/releases/<UTC time>/ gets dist/ (the site), dist-server/ (the server and the
 * admin commands) and node_modules/ with the native packages they load (better-sqlite3), so a
 * later `npm ci` in the checkout changes nothing under a running release. `current` is a
 * symbolic link to the release to serve, replaced atomically (rename). The service runs from
 * `current` (atelier-ia.service: WorkingDirectory=), and the server resolves its folder once at
 * start (src/server/site/static.ts): until it restarts, the running server keeps serving its own files
 * with its own Content-Security-Policy, and from its restart on, the new ones with theirs.
 *
 * Pages already open in browsers load their code lazily, from the release they came from: each
 * release keeps the previous one's hashed assets (listed in its release.json), so those pages
 * keep working after the switch. The three newest releases are kept, and whatever their age the
 * current one, the one it replaced and every release a running process uses (its working
 * directory or a file it holds open: the server holds its site folder open); the others are
 * deleted. Only root sees every process's files: run by another user, it deletes nothing it
 * cannot prove unused, and says so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import semver from 'semver';
import { buildSite, checkConfiguration } from './build';
import { REPO_ROOT, buildServer } from './lib/server-bundle';

/** Packages the compiled server loads from node_modules (server-bundle.ts keeps them out), with what they load. */
const RUNTIME_PACKAGES = ['better-sqlite3', 'bindings', 'file-uri-to-path'];
/** In a native package, what only its compilation needed: sources and intermediate files (26 of its 28 MB). */
const BUILD_LEFTOVERS = /[\\/](deps|src|obj|obj\.target|\.deps)([\\/]|$)|\.(a|o|mk|gypi?)$|[\\/]Makefile$|[\\/]test_extension\.node$/;
const KEEP = 3;
/**
 * The Node.js lines production runs on (LTS, docs/deploy.md). package.json's `engines` also
 * admits 20.19+, on which development and the tests run; a production release refuses it.
 */
export const PRODUCTION_NODE = '^22.12.0 || ^24.0.0';

/** Why a production release must not be made with this Node.js, if it must not. */
export function productionNodeProblem(version: string): string | undefined {
  if (semver.satisfies(version, PRODUCTION_NODE)) return undefined;
  return `Node.js ${version} runs this command; production needs ${PRODUCTION_NODE} (docs/deploy.md, step 1), and the service runs the same /usr/bin/node.`;
}

export type ReleaseInfo = { id: string; commit: string | undefined; builtAt: string; assets: string[] };

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '');

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

async function currentRelease(base: string): Promise<{ dir: string; info: ReleaseInfo | undefined } | undefined> {
  let target: string;
  try {
    target = await readlink(join(base, 'current'));
  } catch {
    return undefined;
  }
  const dir = resolve(base, target);
  const infoFile = join(dir, 'release.json');
  return { dir, info: existsSync(infoFile) ? (JSON.parse(readFileSync(infoFile, 'utf8')) as ReleaseInfo) : undefined };
}

/** Files under dist/assets/, relative to it. */
async function assetsOf(distDir: string): Promise<string[]> {
  const root = join(distDir, 'assets');
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/**
 * The compiled server and admin commands into `dir`/dist-server/, with their own copy of the
 * native packages they load in `dir`/node_modules/: a release's server part, which runs with node
 * alone from there, whoever may read `dir` (deploy/admin-commands.test.ts installs one the same way).
 */
export async function installServer(dir: string): Promise<void> {
  await buildServer(join(dir, 'dist-server'));
  for (const name of RUNTIME_PACKAGES) {
    await cp(join(REPO_ROOT, 'node_modules', name), join(dir, 'node_modules', name), { recursive: true, filter: (path) => !BUILD_LEFTOVERS.test(path) });
  }
  // The release's own copy loads, from where its server will load it.
  const check = spawnSync(process.execPath, ['--input-type=module', '-e', "import Database from 'better-sqlite3'; new Database(':memory:').close()"], {
    cwd: join(dir, 'dist-server'),
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`the release cannot load better-sqlite3 from its own node_modules:\n${check.stderr}`);
  // Its own folders only: release() builds the site into dir/dist meanwhile.
  for (const part of ['dist-server', 'node_modules']) await readableByAll(join(dir, part));
  await chmod(dir, 0o755);
}

/**
 * The service's user reads the release whatever the umask it was built under (027 or 077 on
 * hardened machines, or a checkout cloned under one): code and a public site, no secret.
 */
async function readableByAll(folder: string): Promise<void> {
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    const { mode } = await stat(path);
    const wanted = mode | (entry.isDirectory() || mode & 0o100 ? 0o555 : 0o444);
    if (wanted !== mode) await chmod(path, wanted & 0o7777);
  }
  await chmod(folder, 0o755);
}

/**
 * The releases (folder names under `releases`) that running processes use: a process's working
 * directory or one of its open files inside one (/proc, Linux). `blind`: a node process whose
 * files this user may not look at (another user's, seen by anyone but root), so any release may
 * be in use. Other programs never run a release's code.
 */
export async function releasesInUse(releases: string): Promise<{ used: Map<string, number>; blind: boolean }> {
  const used = new Map<string, number>();
  let blind = false;
  const prefix = releases + sep;
  const note = (pid: number, path: string) => {
    if (!path.startsWith(prefix)) return;
    const name = path.slice(prefix.length).split(sep, 1)[0]!;
    if (!used.has(name)) used.set(name, pid);
  };
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const proc = join('/proc', entry);
    try {
      note(pid, await readlink(join(proc, 'cwd')));
      for (const fd of await readdir(join(proc, 'fd'))) note(pid, await readlink(join(proc, 'fd', fd)).catch(() => ''));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ESRCH') continue; // ended meanwhile
      // Not ours to look at: a problem only if it is node, what runs a release's server and
      // commands (or if even its command line is hidden). Kernel threads have an empty one.
      const cmdline = await readFile(join(proc, 'cmdline'), 'utf8').catch(() => undefined);
      if (cmdline === undefined || /^node(js)?$/.test(basename(cmdline.split('\0', 1)[0]!))) blind = true;
    }
  }
  return { used, blind };
}

export async function release(base: string, options: { quiet: boolean }): Promise<{ id: string; dir: string; carried: number; kept: string[] }> {
  const releases = join(base, 'releases');
  await mkdir(releases, { recursive: true });
  await chmod(releases, 0o755);
  let id = stamp(new Date());
  for (let n = 2; existsSync(join(releases, id)); n++) id = `${stamp(new Date())}-${n}`;
  const dir = join(releases, id);
  await mkdir(dir);
  try {
    await Promise.all([buildSite(join(dir, 'dist'), options), installServer(dir)]);

    const assets = await assetsOf(join(dir, 'dist'));
    const previous = await currentRelease(base);
    let carried = 0;
    for (const asset of previous?.info?.assets ?? []) {
      const target = join(dir, 'dist', 'assets', asset);
      if (existsSync(target) || !existsSync(join(previous!.dir, 'dist', 'assets', asset))) continue;
      await cp(join(previous!.dir, 'dist', 'assets', asset), target);
      carried++;
    }
    const info: ReleaseInfo = { id, commit: gitCommit(), builtAt: new Date().toISOString(), assets };
    await writeFile(join(dir, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
    await readableByAll(dir);

    // The switch: a new link renamed over the old one, so `current` is always one or the other.
    const next = join(base, `.current-${process.pid}`);
    await rm(next, { force: true });
    await symlink(relative(base, dir), next);
    await rename(next, join(base, 'current'));

    // Names are times: the newest sort last. The one just replaced is kept whatever its age, and
    // so is any release a running process uses: deleting the one a server serves would turn
    // every page into a 404 until its restart.
    const names = (await readdir(releases)).sort();
    const kept = new Set([...names.slice(-KEEP), id, previous ? basename(previous.dir) : id]);
    const older = names.filter((name) => !kept.has(name));
    const notes: string[] = [];
    if (older.length > 0) {
      const { used, blind } = await releasesInUse(releases);
      if (blind)
        notes.push(`Older releases kept (${older.length}): this user cannot see which ones running processes use; run the release as root to remove them.`);
      for (const name of older) {
        if (blind) continue;
        const pid = used.get(name);
        if (pid === undefined) await rm(join(releases, name), { recursive: true, force: true });
        else notes.push(`Release ${name} kept: process ${pid} uses it (a server not yet restarted).`);
      }
    }
    return { id, dir, carried, kept: notes };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

const USAGE = "Usage: npm run release -- --config FILE [--into FOLDER] [--verbose]   (--trial instead of --config: a release with this shell's settings)";

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const argv = process.argv.slice(2);
  const trial = argv.includes('--trial');
  // The page inlines the firm's identity: a release without the deployed file would ship this
  // shell's settings, or the fictional ones, and say so only once made current.
  if (!trial && !argv.some((arg) => arg === '--config' || arg.startsWith('--config='))) {
    console.error('npm run release needs the deployed configuration: npm run release -- --config /etc/atelier-ia/env (or --trial for a trial release).');
    process.exit(2);
  }
  const { warning, verbose, rest } = checkConfiguration(
    argv.filter((arg) => arg !== '--trial'),
    () => productionNodeProblem(process.versions.node),
  );
  const into = rest[0] === '--into' ? rest[1] : undefined;
  if (rest.length !== (into === undefined ? 0 : 2)) {
    console.error(`unexpected arguments: ${rest.join(' ')}\n${USAGE}`);
    process.exit(2);
  }
  if (warning) console.warn(warning);
  const base = resolve(into ?? REPO_ROOT);
  const { id, dir, carried, kept } = await release(base, { quiet: !verbose });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Release ${id} built in ${seconds} s (${relative(process.cwd(), dir) || dir}) and made current` +
      `${carried > 0 ? `, with the previous release's ${carried} asset files for pages already open` : ''}.`,
  );
  for (const line of kept) console.log(line);
  console.log('The running server keeps serving its own release until restarted: systemctl restart atelier-ia');
  if (warning) console.warn(warning);
}
