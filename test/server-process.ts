/**
 * Runs the real server as a child process on a free loopback port, for the crash tests and the
 * benchmarks: the compiled server, `node dist-server/server.js`, as production runs it (built by
 * test/global-server-build.ts in the tests, by the benchmarks themselves). The child is node
 * itself, so its pid is the server's and SIGKILL really kills it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY } from '../scripts/lib/server-bundle';
import { freePort } from './postgres';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
};

export async function startServerProcess(env: Record<string, string>, readyTimeoutMs = 30_000): Promise<ServerProcess> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build (or buildServer() from scripts/lib/server-bundle.ts)`);
  // A given PORT (a benchmark's --port), else a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      STATIC_DIR: join(tmpdir(), 'no-static-site-here'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolveExit) => child.once('exit', (code, signal) => resolveExit(signal ?? code)));
  // Never leave a server running behind a test run or benchmark that ends early.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${readyTimeoutMs} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return { url, child, output: () => output, exited };
}
