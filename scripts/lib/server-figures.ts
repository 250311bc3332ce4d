/**
 * The compiled server's two budgets, measured the way production starts it (`node
 * dist-server/server.js`, what `npm run serve` execs and the systemd unit runs) on SQLite:
 * how soon after the process starts `/` first answers 200, and its resident memory once idle.
 * Used by `npm run bench:server` (the report) and a browser-suite test (which gates the memory
 * only: on a shared machine both the wall time and the CPU time of start-up are noise).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../test/postgres';
import { SERVER_ENTRY } from './server-bundle';

export const SERVER_BUDGETS = {
  /** From the process's start to the first 200 on `/`, on an existing build and database. */
  firstAnswerMs: 1_000,
  /**
   * Resident memory (MB = 10^6 bytes) of the serving process, idle after its first answer, with
   * room for the figures' route (isbot's crawler patterns, the weekly digest) and the voice budgets
   * (the latest figure: docs/performance.md).
   */
  idleRssMb: 95,
} as const;

/** How long the server is left alone before its memory is read. */
const IDLE_MS = 5_000;

export type StartFigures = {
  firstAnswerMs: number;
  /** CPU time the process had used by then: what start-up costs, whatever else the machine does. */
  startCpuMs: number;
  idleRssMb: number;
};

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on every Linux Node runs on. */
const USER_HZ = 100;

/** User + system CPU time a running process has used so far, from /proc (Linux), in ms. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime is the 14th field.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

/** Resident memory of a running process, from /proc (Linux), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS for process ${pid}`);
  return (kib * 1024) / 1e6;
}

/** Starts the server once, times its first 200 on `/`, reads its idle memory, stops it (SIGTERM). */
export async function measureServerStart(env: { STATIC_DIR: string; SQLITE_PATH: string; PORT?: string }): Promise<StartFigures> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let firstAnswerMs: number | undefined;
    let startCpuMs = 0;
    while (firstAnswerMs === undefined) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > 30_000) throw new Error(`no 200 on / within 30 s:\n${output}`);
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status === 200) {
          firstAnswerMs = performance.now() - started;
          startCpuMs = await cpuMs(child.pid!);
        }
      } catch {
        // not listening yet
      }
      if (firstAnswerMs === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { firstAnswerMs, startCpuMs, idleRssMb: await rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
