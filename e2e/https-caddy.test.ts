import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runExport } from '../scripts/export';
import { type HttpsResponse, type RunningCaddy, httpsRequest, startCaddy } from './helpers/caddy';
import { type RunningServer, startServer } from './helpers/server';
import { REPO_ROOT } from '../test/server-process';
import type { Challenge } from 'altcha-lib';
import { CHEAP_PROOF_ENV, solve } from '../test/proof';
import { CHALLENGE_PATH } from '../src/contracts/proof-of-work';

/**
 * Issue 21's HTTPS: the shipped deploy/Caddyfile in front of the compiled server, for real
 * (Caddy 2.6 from Debian, `tls internal` on loopback ports, its root certificate trusted by the
 * client), the server configured as atelier-ia.service configures it (TRUST_PROXY=127.0.0.1).
 */
const staticDir = inject('staticDir');
let dir: string;
let serverEnv: Record<string, string>;
let server: RunningServer;
let caddy: RunningCaddy;
let siteUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-caddy-'));
  serverEnv = {
    ...CHEAP_PROOF_ENV,
    STATIC_DIR: staticDir,
    SQLITE_PATH: join(dir, 'leads.sqlite'),
    DATABASE_URL: '',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_CONTACT: '2/600',
  };
  server = await startServer(serverEnv);
  caddy = await startCaddy(server.port);
  siteUrl = `https://localhost:${caddy.httpsPort}`;
});
afterAll(async () => {
  await caddy?.stop();
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => httpsRequest({ port: caddy.httpsPort, path, ca: caddy.rootCertificate, headers });
const json = (response: HttpsResponse) => JSON.parse(response.body.toString()) as Record<string, unknown>;
/** A form post through Caddy, with a proof of work solved from the server's own challenge (fetched the same way). */
const postJson = async (path: string, payload: object, from: string, headers: Record<string, string> = {}) => {
  const challenge = await httpsRequest({ port: caddy.httpsPort, path: CHALLENGE_PATH, ca: caddy.rootCertificate, localAddress: from });
  const altcha = await solve(json(challenge) as unknown as Challenge);
  const body = JSON.stringify({ ...payload, altcha });
  return httpsRequest({
    port: caddy.httpsPort,
    path,
    ca: caddy.rootCertificate,
    method: 'POST',
    body,
    localAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
  });
};
const contact = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, phone: '+1 514-555-0142', message: 'Bonjour' });

describe('HTTPS through Caddy', () => {
  it('runs the Caddyfile as shipped, bound as a firm runs it (every address), and the file is as caddy fmt writes it', async () => {
    // startCaddy sets only the file's own variables: ports, site, certificate authority, upstream.
    // Its HTTP/3 listener is one dual-stack socket; binding 0.0.0.0 and [::] both made it fail.
    expect(caddy.logs()).toContain(`"enabling HTTP/3 listener","addr":":${caddy.httpsPort}"`);
    const shipped = join(REPO_ROOT, 'deploy', 'Caddyfile');
    const { stdout } = await promisify(execFile)('caddy', ['fmt', shipped]);
    expect(stdout).toBe(await readFile(shipped, 'utf8'));
  });

  it('serves the page over HTTPS with a certificate the client checks, with HSTS and the HTTPS security policy', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<html lang="en-CA"');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    // The server knows the visitor came over HTTPS (X-Forwarded-Proto from a trusted proxy).
    expect(page.headers['content-security-policy']).toMatch(/; upgrade-insecure-requests$/);
    // Without Caddy's root the certificate is refused: it is real TLS, not a pass-through.
    await expect(httpsRequest({ port: caddy.httpsPort, path: '/', ca: '' })).rejects.toThrow(/certificate/);
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const response = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      request({ host: '127.0.0.1', port: caddy.httpPort, path: '/fr/?a=1', headers: { host: `localhost:${caddy.httpPort}` } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      })
        .on('error', reject)
        .end();
    });
    // Same host and address, on the port Caddy serves HTTPS on (high here; 443 in production,
    // which the address then leaves out: deploy/Caddyfile).
    expect(response).toEqual({ status: 308, location: `https://localhost:${caddy.httpsPort}/fr/?a=1` });
    // As a firm runs it, on 443: the address names no port.
    const { stdout } = await promisify(execFile)('caddy', ['adapt', '--config', join(REPO_ROOT, 'deploy', 'Caddyfile')], {
      env: { PATH: process.env.PATH, SITE_ADDRESS: 'www.example.com', CADDY_TLS: 'webmaster@example.com' },
    });
    const redirects = [...stdout.matchAll(/"Location":\["([^"]+)"\]/g)].map(([, location]) => location);
    expect(redirects).toEqual(['https://{http.request.host}{http.request.uri}', 'https://{http.request.host}:443{http.request.uri}']);
    expect(stdout).toContain('"expression":"\\"443\\" == \\"443\\""');
  });

  it('leaves compression to the server: the build’s brotli file arrives byte for byte', async () => {
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.body.equals(await readFile(join(staticDir, 'index.html.br')))).toBe(true);
  });

  it('rate-limits each visitor by the address Caddy reports, which a visitor cannot choose', async () => {
    // Two posts allowed per address (RATE_LIMIT_CONTACT=2/600). Visitor A uses them up...
    for (const name of ['Alice', 'Alain']) expect((await postJson('/api/contact', contact(name), '127.0.0.2')).status).toBe(201);
    const limited = await postJson('/api/contact', contact('Albert'), '127.0.0.2');
    expect({ status: limited.status, error: json(limited).error }).toEqual({ status: 429, error: 'rate_limited' });
    // ...and cannot escape by claiming another address: Caddy replaces X-Forwarded-For.
    const spoofed = await postJson('/api/contact', contact('Armand'), '127.0.0.2', { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.status).toBe(429);
    // Visitor B, behind the same proxy, is not affected (without TRUST_PROXY both would be 127.0.0.1).
    expect((await postJson('/api/contact', contact('Bea'), '127.0.0.3')).status).toBe(201);
  });

  it('newsletter: unsubscribe links are https:// links to the site, and they work through the proxy', async () => {
    const email = 'lectrice@example.com';
    expect((await postJson('/api/newsletter', { email }, '127.0.0.4')).status).toBe(201);
    let exported = '';
    const env = { SQLITE_PATH: join(dir, 'leads.sqlite'), DATABASE_URL: '', SITE_URL: siteUrl };
    expect(await runExport(['newsletter', '--format', 'json'], env, { write: (text: string) => (exported += text) }, { write: () => 0 })).toBe(0);
    const link = (JSON.parse(exported) as Array<{ email: string; unsubscribe_url: string }>).find((row) => row.email === email)!.unsubscribe_url;
    expect(link.startsWith(`https://localhost:${caddy.httpsPort}/newsletter/unsubscribe?s=`)).toBe(true);

    const path = link.slice(siteUrl.length);
    const confirm = await get(path);
    expect(confirm.status).toBe(200);
    expect(confirm.headers['strict-transport-security']).toBe('max-age=31536000');
    const done = await httpsRequest({
      port: caddy.httpsPort,
      path,
      ca: caddy.rootCertificate,
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(done.body.toString()).toContain('unsubscribed');
  });

  it('holds page requests while the server restarts (an upgrade), however long its start takes, instead of answering 502', async () => {
    await server.stop();
    const first = get('/');
    // Once Caddy's health check has seen it go (every second), and a start that takes a while, as on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const second = get('/fr/');
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    server = await startServer({ ...serverEnv, PORT: String(server.port) });
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
  });
});
