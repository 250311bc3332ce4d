import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ENGINES, captureLogs, freshStorage, testConfig } from '../../test/storage';
import { buildApp } from './app';
import { type Store, createStore } from './store';

/**
 * A flood from many addresses, past the per-address limits: SUBMISSIONS_PER_MINUTE bounds what is
 * stored across all addresses, and across instances sharing the database.
 */

const CAP = 5;

/** The cap counts per calendar minute: start far enough from the next one that the test stays in one. */
async function awayFromMinuteBoundary() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe.each(ENGINES)('SUBMISSIONS_PER_MINUTE on %s', (engine) => {
  it('stores no more than the cap across addresses and two instances, answers 503 with Retry-After, and still serves the page', async () => {
    const storage = await freshStorage(engine);
    const site = await mkdtemp(join(tmpdir(), 'cap-site-'));
    await writeFile(join(site, 'index.html'), '<!doctype html><title>Atelier IA</title>');
    const config = testConfig({ ...storage.env, STATIC_DIR: site, SUBMISSIONS_PER_MINUTE: String(CAP), RATE_LIMIT_CONTACT: '5/600', RATE_LIMIT_NEWSLETTER: '10/600' });
    // Two servers, each with its own connections, on one database: a load balancer's view.
    const stores: Store[] = [await createStore(config), await createStore(config)];
    const apps: FastifyInstance[] = await Promise.all(stores.map((store) => buildApp({ config, store, logger: captureLogs().logger })));
    try {
      await awayFromMinuteBoundary();
      const attempts = Array.from({ length: 12 }, (_, i) => {
        const app = apps[i % 2]!;
        // Each from its own address: the per-address limits never trigger.
        const remoteAddress = `203.0.113.${i + 1}`;
        return i % 3 === 0
          ? app.inject({ method: 'POST', url: '/api/newsletter', remoteAddress, payload: { email: `flood${i}@example.com` } })
          : app.inject({ method: 'POST', url: '/api/contact', remoteAddress, payload: { name: `Flood ${i}`, phone: '514 555 0100', email: `flood${i}@example.com`, message: 'Flood' } });
      });
      const answers = await Promise.all(attempts);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(CAP);
      expect(statuses.filter((status) => status === 503)).toHaveLength(12 - CAP);
      for (const refused of answers.filter((answer) => answer.statusCode === 503)) {
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(refused.json()).toEqual({ ok: false, error: 'unavailable', retryAfter });
      }
      const stored = (await stores[0]!.listContacts()).length + (await stores[0]!.listNewsletter()).length;
      expect(stored).toBe(CAP);
      // The page is still served by both, and the health check is still fine.
      for (const app of apps) {
        expect((await app.inject({ url: '/', remoteAddress: '203.0.113.200' })).statusCode).toBe(200);
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(stores.map((store) => store.close()));
      await storage.dispose();
      await rm(site, { recursive: true, force: true });
    }
  });
});
