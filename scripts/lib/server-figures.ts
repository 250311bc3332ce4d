/**
 * The compiled server's two budgets, measured the way production starts it (`node
 * dist-server/server.js`, what `npm run serve` execs and the systemd unit runs) on SQLite:
 * how soon after the process starts `/` first answers 200, and its resident memory once idle.
 * Used by `npm run bench:server` (the report) and a browser-suite test (the gate).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../test/postgres';
import { SERVER_ENTRY } from './server-bundle';

export const SERVER_BUDGETS = {
  /** From the process's start to the first 200 on `/`, on an existing build and database. */
  firstAnswerMs: 1_000,
  /** Resident memory (MB = 10^6 bytes) of the serving process, idle after its first answer. */
  idleRssMb: 90,
} as const;

/** How long the server is left alone before its memory is read. */
const IDLE_MS = 5_000;

export type StartFigures = { firstAnswerMs: number; idleRssMb: number };

/** Resident memory of a running process, from /proc (Linux), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS for process ${pid}`);
  return (kib * 1024) / 1e6;
}

/** Starts the server once, times its first 200 on `/`, reads its idle memory, stops it (SIGTERM). */
export async function measureServerStart(env: { STATIC_DIR: string; SQLITE_PATH: string }): Promise<StartFigures> {
  const port = await freePort();
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
    while (firstAnswerMs === undefined) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > 30_000) throw new Error(`no 200 on / within 30 s:\n${output}`);
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status === 200) firstAnswerMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (firstAnswerMs === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { firstAnswerMs, idleRssMb: await rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
