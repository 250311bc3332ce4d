import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type Store, createStore } from '../store';
import { injectWithProof } from '../../../test/proof';

const INDEX = `<!doctype html><html><head><title>Atelier IA</title></head><body>${'<p>Automation for Quebec businesses.</p>'.repeat(60)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(3000))});`;

describe('static site', () => {
  let dir: string;
  let store: Store;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'static-test-'));
    const site = join(dir, 'dist');
    await mkdir(join(site, 'assets'), { recursive: true });
    await mkdir(join(site, 'fr'));
    await writeFile(join(site, 'index.html'), INDEX);
    await writeFile(join(site, 'assets', 'x-abc123.js'), SCRIPT);
    await writeFile(join(site, 'assets', 'x-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(site, 'fr', 'index.html'), '<!doctype html><title>fr</title>');
    await writeFile(join(site, '404.html'), '<!doctype html><title>Page not found</title>');
    await writeFile(join(site, 'fr', '404.html'), '<!doctype html><title>Page introuvable</title>');
    await writeFile(join(site, 'favicon.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    const config = testConfig({ STATIC_DIR: site, SQLITE_PATH: join(dir, 'leads.sqlite') });
    store = await createStore(config);
    app = await buildApp({ config, store, logger: captureLogs().logger });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the page with no-cache and hashed assets as immutable', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(INDEX);

    const asset = await app.inject({ url: '/assets/x-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(SCRIPT);

    const icon = await app.inject({ url: '/favicon.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the pre-compressed sibling when the browser accepts it', async () => {
    const asset = await app.inject({ url: '/assets/x-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(SCRIPT);
  });

  it('compresses HTML on the fly when there is no pre-compressed file', async () => {
    const page = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
  });

  it('serves directory indexes', async () => {
    const fr = await app.inject({ url: '/fr/' });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('<title>fr</title>');
    const redirect = await app.inject({ url: '/fr' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/fr/');
  });

  it('answers unknown pages with the 404 page of their language (fr/404.html under /fr/), and unknown API paths with JSON', async () => {
    const missing = await app.inject({ url: '/pricing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.body).toContain('Page not found');
    expect(missing.headers['cache-control']).toBe('no-cache');
    for (const url of ['/fr/tarifs', '/fr/confidentialite/ancienne?x=1']) {
      const french = await app.inject({ url });
      expect(french.statusCode, url).toBe(404);
      expect(french.body, url).toContain('Page introuvable');
    }
    expect((await app.inject({ url: '/france/x' })).body).toContain('Page not found');

    const api = await app.inject({ url: '/api/pricing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ ok: false, error: 'not_found' });
  });

  it('refuses paths that leave the site directory', async () => {
    for (const url of ['/../leads.sqlite', '/%2e%2e/leads.sqlite', '/assets/..%2f..%2fleads.sqlite']) {
      const { statusCode } = await app.inject({ url });
      expect({ url, refused: statusCode >= 400 && statusCode < 500 }).toEqual({ url, refused: true });
    }
  });

  it('sends a form posted without JavaScript back to its page, and drops what it carried', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const payload = 'name=Jane+Roy&phone=514-555-0100&email=jane%40example.com&message=Hello';
    for (const url of ['/', '/fr/']) {
      const response = await app.inject({ method: 'POST', url, headers: form, payload });
      expect([url, response.statusCode, response.headers.location]).toEqual([url, 303, url]);
    }
    // Not a page: the usual 404s.
    expect((await app.inject({ method: 'POST', url: '/pricing/', headers: form, payload })).statusCode).toBe(404);
    // The API still takes JSON only.
    const api = await app.inject({ method: 'POST', url: '/api/contact', headers: form, payload });
    expect(api.statusCode).toBe(415);
    expect(await store.listContacts()).toEqual([]);
  });

  it('sends a form back only to a page of this site, whatever slashes the path starts with', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const [url, page] of [
      ['//fr/', '/fr/'],
      ['///fr/', '/fr/'],
      ['//', '/'],
      ['/fr//', '/fr/'],
      ['//fr///', '/fr/'],
    ]) {
      const response = await app.inject({ method: 'POST', url, headers: form, payload: 'email=a%40b.co' });
      const location = String(response.headers.location);
      // What a browser does with the answer: the address it goes to next.
      const next = new URL(location, 'https://www.atelier-ia.example/');
      expect({ url, status: response.statusCode, host: next.host, path: next.pathname }).toEqual({
        url,
        status: 303,
        host: 'www.atelier-ia.example',
        path: page,
      });
    }
  });

  it('limits forms posted without JavaScript per client address, like the API', async () => {
    const config = testConfig({ STATIC_DIR: join(dir, 'dist'), SQLITE_PATH: join(dir, 'leads.sqlite'), RATE_LIMIT_CONTACT: '2/600' });
    const limited = await buildApp({ config, store, logger: captureLogs().logger });
    try {
      const post = (remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/fr/',
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'email=a%40b.co',
        });
      expect((await post('203.0.113.5')).statusCode).toBe(303);
      expect((await post('203.0.113.5')).statusCode).toBe(303);
      const third = await post('203.0.113.5');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBe('600');
      // Someone else still gets through, and the page itself is never limited.
      expect((await post('198.51.100.7')).statusCode).toBe(303);
      expect((await limited.inject({ url: '/fr/', remoteAddress: '203.0.113.5' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('still serves the API next to the site', async () => {
    const response = await injectWithProof(app, { url: '/api/newsletter', payload: { email: 'site@example.com' } });
    expect(response.statusCode).toBe(201);
  });

  it('says it is not live once its site folder is gone (a release deleted under it), so the proxy takes it out', async () => {
    const site = join(dir, 'doomed');
    await mkdir(site);
    await writeFile(join(site, 'index.html'), INDEX);
    const doomed = await buildApp({ config: testConfig({ STATIC_DIR: site, SQLITE_PATH: join(dir, 'leads.sqlite') }), store, logger: captureLogs().logger });
    try {
      expect((await doomed.inject({ url: '/api/health?live' })).json()).toEqual({ ok: true });
      await rm(site, { recursive: true });
      const live = await doomed.inject({ url: '/api/health?live' });
      expect({ status: live.statusCode, body: live.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
      expect((await doomed.inject({ url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await doomed.close();
    }
  });
});
