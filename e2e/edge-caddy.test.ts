import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../test/server-process';
import { type RunningCaddy, httpsRequest, startCaddy } from './helpers/caddy';
import { type RunningServer, startServer } from './helpers/server';

/**
 * Issue 26, item 10: the edge, tried as an attacker would, on the shipped deploy/Caddyfile in
 * Debian's Caddy 2.6 in front of two compiled servers (the several-servers path of the guide).
 */
const run = promisify(execFile);
const staticDir = inject('staticDir');
let dir: string;
let servers: RunningServer[];
let caddy: RunningCaddy;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-edge-'));
  // Two instances, each with its own SQLite file (one database per instance is enough here).
  servers = [];
  for (const name of ['a', 'b'])
    servers.push(await startServer({ STATIC_DIR: staticDir, SQLITE_PATH: join(dir, `${name}.sqlite`), DATABASE_URL: '', TRUST_PROXY: '127.0.0.1' }));
  caddy = await startCaddy(servers.map((server) => server.port));
});
afterAll(async () => {
  for (const server of servers ?? []) server.process.kill('SIGCONT');
  await caddy?.stop();
  for (const server of servers ?? []) await server.stop();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A raw HTTP/1.1 request over TLS: `head` at once, then `body` one chunk every `everyMs`.
 * Resolves with what came back and when the connection ended.
 */
function trickle(head: string, body: string[], everyMs: number): Promise<{ response: string; endedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let response = '';
    const socket = connect(
      { host: '127.0.0.1', port: caddy.httpsPort, servername: 'localhost', ca: caddy.rootCertificate, ALPNProtocols: ['http/1.1'] },
      () => {
        socket.write(head);
        const timer = setInterval(() => {
          const next = body.shift();
          if (next === undefined) clearInterval(timer);
          else if (!socket.destroyed) socket.write(next);
        }, everyMs);
        socket.on('close', () => {
          clearInterval(timer);
          resolve({ response, endedAfterMs: Date.now() - started });
        });
      },
    );
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    socket.on('error', (error) => (error.message.includes('ECONNRESET') ? undefined : reject(error)));
    socket.setTimeout(60_000, () => socket.destroy(new Error('still open after 60 s')));
  });
}

/** A Vapi-shaped message of about `bytes` to /api/voice/events, through the edge. */
const postVapiMessage = (bytes: number) =>
  httpsRequest({
    port: caddy.httpsPort,
    path: '/api/voice/events',
    ca: caddy.rootCertificate,
    method: 'POST',
    body: JSON.stringify({ message: { type: 'end-of-call-report', artifact: { transcript: 'x'.repeat(bytes) } } }),
    headers: { 'content-type': 'application/json' },
  }).catch((error: Error) => ({ status: 0, headers: {} as Record<string, unknown>, body: Buffer.from(error.message) }));

describe('the edge (deploy/Caddyfile)', () => {
  it('Caddy’s admin API is not on TCP: a unix socket root can use (caddy reload) and another local user cannot', async () => {
    // As shipped, with nothing set: a socket in /run/caddy, Caddy's own folder.
    const shipped = join(REPO_ROOT, 'deploy', 'Caddyfile');
    const { stdout } = await run('caddy', ['adapt', '--config', shipped], {
      env: { PATH: process.env.PATH, SITE_ADDRESS: 'localhost', CADDY_TLS: 'internal' },
    });
    expect((JSON.parse(stdout) as { admin: { listen: string } }).admin.listen).toBe('unix//run/caddy/admin.sock');

    // Running: it listens on TCP on its HTTP and HTTPS ports, and nothing else.
    const { stdout: sockets } = await run('ss', ['-Hltnp']);
    const ports = sockets
      .split('\n')
      .filter((line) => line.includes(`pid=${caddy.pid},`))
      .map((line) => Number(/:(\d+)\s/.exec(line)?.[1]));
    expect(ports.toSorted()).toEqual([caddy.httpPort, caddy.httpsPort].toSorted());
    // nobody, any local user, cannot reach the socket; root reloads Caddy's configuration through it.
    const tried = await run('runuser', ['-u', 'nobody', '--', 'curl', '-sS', '--unix-socket', caddy.adminSocket, 'http://localhost/config/']).then(
      () => 'reached',
      (error: { stderr: string }) => error.stderr,
    );
    expect(tried).toMatch(/Permission denied|Couldn't connect/);
    await run('caddy', ['reload', '--config', shipped, '--force'], { env: caddy.env });
    expect((await httpsRequest({ port: caddy.httpsPort, path: '/api/health', ca: caddy.rootCertificate })).status).toBe(200);
  });

  it('a body trickled 1 byte every 2 s is cut at the edge after 10 s, before the server’s own 30 s limit', async () => {
    const head = `POST /api/contact HTTP/1.1\r\nHost: localhost:${caddy.httpsPort}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n`;
    const { response, endedAfterMs } = await trickle(head, '{"name":"Lent","message":"……………"}'.split(''), 2_000);
    expect(endedAfterMs).toBeGreaterThan(9_000);
    expect(endedAfterMs).toBeLessThan(15_000);
    // Caddy 2.6 closes such a request with an empty answer (an empty 200: it takes the client for
    // gone). Never an acknowledgement: the page's client wants {"ok":true} (src/web/lib/api.ts)...
    expect(response).not.toContain('"ok":true');
    // ...and nothing was stored by either server.
    for (const name of ['a', 'b']) {
      const database = new BetterSqlite3(join(dir, `${name}.sqlite`), { readonly: true });
      expect(database.prepare('select count(*) from contact_submissions').pluck().get()).toBe(0);
      database.close();
    }
  });

  it('a 1 MB body is refused at the edge: 413 from Caddy, none of it sent on to a server', async () => {
    const body = JSON.stringify({ name: 'Gros', message: 'x'.repeat(1_000_000) });
    const response = await httpsRequest({
      port: caddy.httpsPort,
      path: '/api/contact',
      ca: caddy.rootCertificate,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    }).catch((error: Error) => ({ status: 0, headers: {}, body: Buffer.from(error.message) }));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body.toString())).toEqual({ ok: false, error: 'unsupported_body' });
    // Caddy's answer, not a server's: a server's carries its security policy.
    expect(response.headers).not.toHaveProperty('content-security-policy');
    // The same without a declared length (chunked): cut at 100 kB, never a success.
    const chunked = await trickle(
      `POST /api/contact HTTP/1.1\r\nHost: localhost:${caddy.httpsPort}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      [`${(1_000_000).toString(16)}\r\n${'x'.repeat(1_000_000)}\r\n0\r\n\r\n`],
      10,
    );
    expect(chunked.response).toMatch(/^HTTP\/1\.1 (413|502) /);
  });

  it("lets Vapi's messages to /api/voice/events through up to 1 MB (they carry the whole call), and no more", async () => {
    // 300 kB: on to a server, which answers itself (these have no VAPI_SERVER_SECRET), its security policy with it.
    const passed = await postVapiMessage(300_000);
    expect(passed.status).toBe(503);
    expect(JSON.parse(passed.body.toString())).toEqual({ ok: false, error: 'not_configured' });
    expect(passed.headers).toHaveProperty('content-security-policy');
    // Over 1 MB: Caddy's 413.
    const refused = await postVapiMessage(1_100_000);
    expect(refused.status).toBe(413);
    expect(refused.headers).not.toHaveProperty('content-security-policy');
  });

  it('a wedged upstream is taken out of rotation: every request is answered by the other, at once', async () => {
    // Frozen: its socket still accepts connections (the kernel's backlog), and never answers.
    servers[1]!.process.kill('SIGSTOP');
    // A health check (every second, 2 s to answer) later, it is out.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => httpsRequest({ port: caddy.httpsPort, path: '/', ca: caddy.rootCertificate }).then((response) => response.status)),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    expect(Date.now() - started).toBeLessThan(5_000);
    servers[1]!.process.kill('SIGCONT');
  });
});
