/**
 * A throwaway PostgreSQL 15 server for tests and benchmarks: initdb in a temp dir, start it on a
 * free loopback port, stop it and delete the dir afterwards. Used by the vitest globalSetup
 * (test/global-postgres.ts), scripts/bench/api.ts, the browser tests, and tests that stop and
 * restart a server of their own under load.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

export type RunningPostgres = {
  /** Connection URL of the `postgres` maintenance database as the superuser `app`. */
  adminUrl: string;
  port: number;
  /** Stops the server as an operator's restart does (`pg_ctl -m fast`: sessions are ended), keeping its data. */
  stopFast(): Promise<void>;
  /** Starts it again on the same data directory and port, after stopFast(). */
  restart(): Promise<void>;
  /** Stops it for good and deletes its data. */
  stop(): Promise<void>;
};

const PG_BIN_FALLBACK = '/usr/lib/postgresql/15/bin';

function binary(name: 'initdb' | 'pg_ctl'): string {
  const onPath = (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, name)));
  return onPath ? name : join(PG_BIN_FALLBACK, name);
}

/** PostgreSQL refuses to run as root; as root, run its tools as the `postgres` system user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function pgTool(name: 'initdb' | 'pg_ctl', args: string[]) {
  const [command, argv] = asPostgresUser(binary(name), args);
  return run(command, argv, { timeout: 60_000 });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * If this process dies without calling stop() (SIGKILL, a crash, Ctrl-C in the middle of a run),
 * a detached watchdog notices the parent is gone and stops the server and removes its files.
 */
function spawnWatchdog(dir: string): () => void {
  const [command, args] = asPostgresUser(binary('pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop']);
  const stopCommand = [command, ...args].map((part) => `'${part}'`).join(' ');
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopCommand} >/dev/null 2>&1; rm -rf '${dir}'`;
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return () => {
    try {
      watchdog.kill();
    } catch {
      // already gone
    }
  };
}

/**
 * Starts a PostgreSQL server of its own. The vitest globalSetup starts one for the whole run;
 * a test that stops and restarts the server (stopFast/restart) starts its own.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'pg-test-'));
  if (process.getuid?.() === 0) await chown(dir, ...(await postgresIds()));
  const stopWatchdog = spawnWatchdog(dir);
  try {
    await pgTool('initdb', ['-D', dir, '-U', 'app', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const port = await freePort();
    // fsync stays on: the durability tests rely on PostgreSQL's normal crash guarantees.
    const start = () => pgTool('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, '-w', 'start']);
    await start();
    let stopped = false;
    return {
      adminUrl: `postgres://app@127.0.0.1:${port}/postgres`,
      port,
      async stopFast() {
        await pgTool('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
      },
      async restart() {
        await start();
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        await pgTool('pg_ctl', ['-D', dir, '-m', 'fast', 'stop']).catch(() => undefined);
        stopWatchdog();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await pgTool('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']).catch(() => undefined);
    stopWatchdog();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function postgresIds(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return [Number(uid.stdout.trim()), Number(gid.stdout.trim())];
}

/** A fresh, empty database on the test server, so test files can run in parallel. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => dropDatabase(adminUrl, name),
  };
}

/** Drops a database even while clients are connected to it (they get terminated). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function adminQuery(adminUrl: string, text: string, values: unknown[] = []) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
