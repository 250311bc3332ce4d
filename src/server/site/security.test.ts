import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type Store, createStore } from '../store';
import { injectWithProof } from '../../../test/proof';

const BASE_CSP =
  "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe('security headers', () => {
  let dir: string;
  let store: Store;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'security-test-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(dir, 'csp.json'), JSON.stringify({ 'script-src': ["'sha256-abc='"], 'style-src': ["'sha256-def='"] }));
    const config = testConfig({ STATIC_DIR: dir, SQLITE_PATH: join(dir, 'leads.sqlite'), TRUST_PROXY: '127.0.0.1' });
    store = await createStore(config);
    app = await buildApp({ config, store, logger: captureLogs().logger });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('API answers, whatever their status, are never stored (Cache-Control: no-store); pages are revalidated', async () => {
    const answers = [
      await injectWithProof(app, { url: '/api/newsletter', payload: { email: 'cache@example.com' } }),
      await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'not an address' } }),
      await app.inject({ url: '/api/health' }),
      await app.inject({ url: '/api/nothing-here' }),
    ];
    expect(answers.map((response) => [response.statusCode, response.headers['cache-control']])).toEqual([
      [201, 'no-store'],
      [400, 'no-store'],
      [200, 'no-store'],
      [404, 'no-store'],
    ]);
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the CSP with the build hashes, and the fixed headers, on pages and API answers', async () => {
    for (const response of [
      await app.inject({ url: '/' }),
      await injectWithProof(app, { url: '/api/newsletter', payload: { email: 'csp@example.com' } }),
      await app.inject({ url: '/missing' }),
    ]) {
      expect(response.headers['content-security-policy']).toBe(BASE_CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      const permissions = String(response.headers['permissions-policy']).split(', ');
      expect(permissions).toContain('microphone=(self)');
      for (const unused of ['camera', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${unused}=()`);
      // Nothing is granted but the microphone, and that only to the site itself.
      expect(permissions.filter((entry) => !entry.endsWith('=()'))).toEqual(['microphone=(self)']);
      expect(response.headers).not.toHaveProperty('x-powered-by');
      expect(response.headers).not.toHaveProperty('strict-transport-security');
    }
  });

  it('adds HSTS and upgrade-insecure-requests only over HTTPS from a trusted proxy', async () => {
    const https = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(https.headers['content-security-policy']).toBe(`${BASE_CSP}; upgrade-insecure-requests`);

    const untrusted = await app.inject({ url: '/', remoteAddress: '192.0.2.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers).not.toHaveProperty('strict-transport-security');
    expect(untrusted.headers['content-security-policy']).toBe(BASE_CSP);
  });
});
