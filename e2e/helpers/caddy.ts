import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/postgres';
import { REPO_ROOT } from '../../test/server-process';

export type RunningCaddy = {
  httpPort: number;
  httpsPort: number;
  pid: number;
  /** Its admin API: a unix socket in a folder only root may enter, as /run/caddy is Caddy's only. */
  adminSocket: string;
  /** The environment it runs with (for `caddy reload`, which reads the same file). */
  env: Record<string, string>;
  /** The root certificate of Caddy's local authority (tls internal), for clients to trust. */
  rootCertificate: string;
  logs(): string;
  stop(): Promise<void>;
};

/**
 * Caddy from Debian's package, running the repository's deploy/Caddyfile as shipped, configured
 * through its own variables for a trial: `tls internal` for `localhost`, high ports, its default
 * bind (every address, as a firm runs it), the server(s) on these loopback ports, its admin API on
 * a unix socket in a root-only folder of its temp dir (/run/caddy in production: that path
 * cannot be shared by tests running at once), its certificates and state in that temp dir.
 */
export async function startCaddy(upstreamPorts: number | number[]): Promise<RunningCaddy> {
  const dir = await mkdtemp(join(tmpdir(), 'caddy-'));
  await mkdir(join(dir, 'run'), { mode: 0o700 });
  const adminSocket = join(dir, 'run', 'admin.sock');
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  let output = '';
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    CADDY_ADMIN: `unix/${adminSocket}`,
    CADDY_HTTP_PORT: String(httpPort),
    CADDY_HTTPS_PORT: String(httpsPort),
    SITE_ADDRESS: 'localhost',
    CADDY_TLS: 'internal',
    UPSTREAM: [upstreamPorts]
      .flat()
      .map((port) => `127.0.0.1:${port}`)
      .join(' '),
  };
  const child: ChildProcess = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', join(REPO_ROOT, 'deploy', 'Caddyfile')], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };

  const rootPath = join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`caddy not serving HTTPS after 30 s:\n${output}`);
      if (existsSync(rootPath)) {
        const rootCertificate = await readFile(rootPath, 'utf8');
        const ready = await httpsRequest({ port: httpsPort, path: '/api/health', ca: rootCertificate }).then(
          (response) => response.status === 200,
          () => false,
        );
        if (ready) return { httpPort, httpsPort, pid: child.pid!, adminSocket, env, rootCertificate, logs: () => output, stop };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

export type HttpsResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/**
 * One request to https://localhost:<port> on 127.0.0.1, trusting `ca`, optionally from another
 * loopback address (`localAddress`, e.g. 127.0.0.2: another visitor, as the proxy sees it).
 */
export function httpsRequest(options: {
  port: number;
  path: string;
  ca: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
}): Promise<HttpsResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        ca: options.ca,
        localAddress: options.localAddress,
        headers: { host: `localhost:${options.port}`, ...options.headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
