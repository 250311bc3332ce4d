import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_ENTRY } from '../../scripts/lib/server-bundle';
import { freePort } from '../../test/postgres';

export type RunningServer = { url: string; port: number; process: ChildProcess; logs: () => string; stop(): Promise<void> };

/**
 * Starts the real production server, compiled (`node dist-server/server.js`, built by
 * test/global-server-build.ts), as a child process on a free loopback port and waits until it
 * answers. `env` adds to or overrides the parent's environment. `cwd`: run `dist-server/server.js`
 * from that folder instead, as atelier-ia.service runs a release (WorkingDirectory=).
 */
export async function startServer(env: Record<string, string | undefined>, options: { cwd?: string } = {}): Promise<RunningServer> {
  // A given PORT restarts a server where a proxy expects it.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, [options.cwd ? 'dist-server/server.js' : SERVER_ENTRY], {
    cwd: options.cwd,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    process: child,
    logs: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
