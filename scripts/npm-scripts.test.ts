import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test/postgres';
import { REPO_ROOT } from '../test/server-process';

/**
 * `npm start` and `npm run serve` as a supervisor runs them (a process manager, a terminal's
 * Ctrl-C, a container runtime): whichever process it signals, npm's, the whole process group or
 * the server's own, the server shuts down gracefully and everything exits 0. A shell between npm
 * and node does not pass signals on, and a server that ignores them keeps serving, orphaned.
 */

type Started = { npm: ChildProcess; url: string; output: () => string; exited: Promise<number | null>; dir: string };
const started: Started[] = [];

afterEach(async () => {
  for (const run of started.splice(0)) {
    // Whatever a failed test left behind: the whole group npm leads, which holds the server too.
    if (run.npm.exitCode === null) {
      try {
        process.kill(-run.npm.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    await rm(run.dir, { recursive: true, force: true });
  }
});

async function startNpm(script: 'serve' | 'start', env: Record<string, string> = {}): Promise<Started> {
  const dir = await mkdtemp(join(tmpdir(), 'npm-scripts-'));
  const port = await freePort();
  let output = '';
  // detached: npm leads a process group of its own, as under a supervisor.
  const npm = spawn('npm', script === 'start' ? ['start'] : ['run', 'serve'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SQLITE_PATH: join(dir, 'leads.sqlite'),
      DATABASE_URL: '',
      STATIC_DIR: join(dir, 'site'),
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const run = { npm, url: `http://127.0.0.1:${port}`, output: () => output, exited, dir };
  started.push(run);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm exited early with ${npm.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`not serving after 60 s:\n${output}`);
    try {
      if ((await fetch(`${run.url}/api/health`)).ok) return run;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The processes under `root`, read from /proc: [pid, command line]. */
async function descendants(root: number): Promise<Array<[number, string]>> {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      commands.set(Number(name), (await readFile(`/proc/${name}/cmdline`, 'utf8')).replaceAll('\0', ' ').trim());
    } catch {
      /* ended meanwhile */
    }
  }
  const found: Array<[number, string]> = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push([child, commands.get(child) ?? '']);
      walk(child);
    }
  };
  walk(root);
  return found;
}

async function serverPid(run: Started): Promise<number> {
  // The deepest process running the server's entry point (a loader in between would be its parent).
  const server = (await descendants(run.npm.pid!)).findLast(([, command]) => /server\.[jt]s\b/.test(command));
  if (!server) throw new Error(`no server process under npm: ${JSON.stringify(await descendants(run.npm.pid!))}`);
  return server[0];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function expectGracefulExit(run: Started, server: number) {
  const code = await Promise.race([run.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
  expect({ npm: code, output: run.output() }).toMatchObject({ npm: 0 });
  // The server is gone too, not orphaned and still serving.
  for (const deadline = Date.now() + 2_000; alive(server) && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(alive(server)).toBe(false);
  await expect(fetch(`${run.url}/api/health`)).rejects.toThrow('fetch failed');
  // It went through the graceful path (finish requests, close the database), not a kill.
  expect(run.output()).toContain('"msg":"shutting down"');
  expect(run.output()).not.toContain('shutdown took too long');
}

describe('npm run serve under a supervisor', () => {
  it.each([
    ['npm’s own process', (run: Started) => process.kill(run.npm.pid!, 'SIGTERM')],
    ['the whole process group', (run: Started) => process.kill(-run.npm.pid!, 'SIGTERM')],
    ['the server process', async (run: Started) => process.kill(await serverPid(run), 'SIGTERM')],
    ['the process group, with Ctrl-C', (run: Started) => process.kill(-run.npm.pid!, 'SIGINT')],
  ])('a signal to %s stops the server gracefully; everything exits 0', async (_target, signal) => {
    const run = await startNpm('serve');
    const server = await serverPid(run);
    // The server is node running the compiled server, not a TypeScript loader.
    expect((await descendants(run.npm.pid!)).find(([pid]) => pid === server)?.[1]).toMatch(/^node\S* .*dist-server\/server\.js$/);
    await signal(run);
    await expectGracefulExit(run, server);
  });
});

describe('npm start under a supervisor', () => {
  it('builds, serves, and stops gracefully when npm’s process is signalled', async () => {
    // Inside the repository: the build's server-render bundle resolves its packages from there.
    await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
    const dir = await mkdtemp(join(REPO_ROOT, '.tmp', 'npm-start-site-'));
    try {
      const run = await startNpm('start', { OUT_DIR: dir, STATIC_DIR: dir });
      expect((await fetch(`${run.url}/`)).status).toBe(200);
      // A trial with the fictional identity is allowed, and said (a silent trial build could be mistaken for a release).
      expect(run.output()).toContain('WARNING: a trial build, with fictional contact details (no SITE_* identity variable is set).');
      // The build says what it did in a line, not Vite's list of chunks.
      expect(run.output()).toMatch(/^Built in [\d.]+ s: the site into .*, the server into dist-server\/ \(--verbose for details\)\.$/m);
      expect(run.output()).not.toContain('gzip:');
      // Not on a terminal (a supervisor's journal): the start-up's JSON lines, no summary.
      expect(run.output()).toContain('"msg":"Server listening at');
      expect(run.output()).not.toContain('site is running');
      const server = await serverPid(run);
      process.kill(run.npm.pid!, 'SIGTERM');
      await expectGracefulExit(run, server);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run serve on a terminal', () => {
  it('says in a few lines what it started, where, and what is missing; then one JSON line per request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'npm-serve-tty-'));
    const port = await freePort();
    let output = '';
    // script(1) gives it a terminal, as a person's shell does.
    const terminal = spawn('script', ['-qfec', 'npm run --silent serve', '/dev/null'], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SQLITE_PATH: join(dir, 'leads.sqlite'),
        DATABASE_URL: 'postgres://atelier:s3cret@127.0.0.1:1/leads',
        STATIC_DIR: join(dir, 'missing-site'),
        LOG_LEVEL: 'info',
        SMTP_URL: '',
        SMTP_URI: 'smtp://mail.example.com',
        WEBHOOK_URL: '',
        VAPI_PUBLIC_KEY: '',
      },
    });
    terminal.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => terminal.once('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain('one JSON line per request below');
      await fetch(`http://127.0.0.1:${port}/api/health`);
      await expect.poll(() => output, { timeout: 5_000 }).toContain('"path":"/api/health"');
      const lines = stripVTControlCharacters(output).replaceAll('\r', '').split('\n');
      const summary = lines.slice(0, lines.findIndex((line) => line.includes('Ctrl-C stops')) + 1);
      expect(summary.join('\n')).toMatch(new RegExp(`site is running: http://localhost:${port}/`));
      // The database named without its password; the warnings a firm must not miss.
      expect(summary.join('\n')).toContain('PostgreSQL, database leads on 127.0.0.1:1 as atelier — cannot be opened: the forms answer 503');
      expect(summary.join('\n')).not.toContain('s3cret');
      expect(summary.join('\n')).toContain(
        'leads go    nowhere but the database: set SMTP_URL or WEBHOOK_URL to hear of them, or NOTIFY=none if that is meant',
      );
      expect(summary.join('\n')).toContain('warning     SMTP_URI: not a variable the site or the server reads; did you mean SMTP_URL?');
      expect(summary.join('\n')).toContain('voice demo  not configured');
      expect(summary.join('\n')).toContain('missing-site not found');
      // No JSON line before it but warnings and errors: the start-up's info lines are the summary.
      expect(summary.filter((line) => line.startsWith('{')).every((line) => !line.includes('"level":30'))).toBe(true);
      expect(summary.filter((line) => !line.startsWith('{')).length).toBeLessThanOrEqual(10);
      // After it, requests are logged as ever, one JSON line each.
      expect(lines.some((line) => line.startsWith('{') && line.includes('"path":"/api/health"') && line.includes('"level":'))).toBe(true);
    } finally {
      process.kill(-terminal.pid!, 'SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
