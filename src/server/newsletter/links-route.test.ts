import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../../scripts/export';
import { ENGINES, type TestStorage, captureLogs, freshStorage, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type Store, createStore } from '../store';
import { postWithProof } from '../../../test/proof';
import { NEWSLETTER_CONSENT_VERSION } from '../../contracts/newsletter';

const SITE_URL = 'https://www.atelier-ia.example';

/** The confirmation page's button, or (with `List-Unsubscribe=One-Click`) a mail client's one-click request. */
const confirm = (link: string, body = 'confirm=1') => fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

/**
 * The unsubscribe flow as a subscriber lives it, over real HTTP: sign up on the French page, the
 * firm exports its list (each subscriber's signed link), the subscriber follows the link, confirms,
 * and the row is marked; forged links change nothing; signing up again restores the subscription.
 */
describe.each(ENGINES)('newsletter unsubscribe on %s', (engine) => {
  let storage: TestStorage;
  let store: Store;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    store = await createStore(testConfig(storage.env));
    app = await buildApp({ config: testConfig({ ...storage.env, SITE_URL }), store, logger: captureLogs().logger });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await storage?.dispose();
  });

  const signUp = (email: string, page: string) => postWithProof(base, '/api/newsletter', { email }, { referer: `${base}${page}` });

  /** The subscriber's link as the firm's export gives it, pointed at the test server instead of SITE_URL. */
  async function linkFor(email: string): Promise<string> {
    let json = '';
    const code = await runExport(
      ['newsletter', '--format', 'json'],
      { ...storage.env, SITE_URL },
      { write: (text: string) => (json += text) },
      { write: () => 0 },
    );
    expect(code).toBe(0);
    const row = (JSON.parse(json) as Array<{ email: string; unsubscribe_url: string }>).find((entry) => entry.email === email);
    expect(row?.unsubscribe_url.startsWith(`${SITE_URL}/newsletter/unsubscribe?`)).toBe(true);
    return row!.unsubscribe_url.replace(SITE_URL, base);
  }
  const rowOf = async (email: string) => (await store.listNewsletter()).find((row) => row.email.toLowerCase() === email.toLowerCase())!;

  it('sign up in French → link → confirmation page → confirm → marked unsubscribed, with the proof kept', async () => {
    expect((await signUp('Camille@Example.com', '/fr/')).status).toBe(201);
    const signedUp = await rowOf('camille@example.com');
    expect(signedUp).toMatchObject({
      consent_form: 'footer-newsletter',
      consent_locale: 'fr',
      consent_version: NEWSLETTER_CONSENT_VERSION,
      unsubscribed_at: null,
    });

    const link = await linkFor('Camille@Example.com');
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Se désabonner de l’infolettre de Atelier IA');
    expect(html).toContain('C***@Example.com');
    expect(html).not.toContain('Camille@');
    // Opening the link (as a mail scanner would) changes nothing.
    expect((await rowOf('camille@example.com')).unsubscribed_at).toBeNull();

    const done = await confirm(link);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Votre désabonnement est confirmé');
    const row = await rowOf('camille@example.com');
    expect(row.unsubscribed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The consent given at sign-up stays on record next to its withdrawal.
    expect(row.consent_at).toBe(signedUp.consent_at);
    expect((await store.consentLog(row.id)).map((event) => event.action)).toEqual(['subscribed', 'unsubscribed']);

    // Idempotent: again, and the link still opens, saying so.
    const again = await confirm(link);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Cette adresse était déjà désabonnée');
    expect(await (await fetch(link)).text()).toContain('Cette adresse était déjà désabonnée');
    expect((await rowOf('camille@example.com')).unsubscribed_at).toBe(row.unsubscribed_at);
    expect(await store.consentLog(row.id)).toHaveLength(2);
  });

  it('refuses a forged or altered link with a clear page in both languages, and changes nothing', async () => {
    expect((await signUp('victim@example.com', '/')).status).toBe(201);
    const link = new URL(await linkFor('victim@example.com'));
    const id = link.searchParams.get('s')!;
    const token = link.searchParams.get('t')!;
    const other = (await rowOf('camille@example.com')).id;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      `${base}/newsletter/unsubscribe?s=${id}&t=${flipped}`, // signature altered
      `${base}/newsletter/unsubscribe?s=${other}&t=${token}`, // someone else's id with this signature
      `${base}/newsletter/unsubscribe?s=${id}`, // no signature
      `${base}/newsletter/unsubscribe?s=${id}&t=${'x'.repeat(43)}`, // made up
      `${base}/newsletter/unsubscribe?s=-1&t=${token}`,
      `${base}/newsletter/unsubscribe`,
    ];
    for (const url of forged) {
      for (const response of [await fetch(url), await confirm(url), await confirm(url, 'List-Unsubscribe=One-Click')]) {
        expect({ url, status: response.status }).toEqual({ url, status: 400 });
        const html = await response.text();
        expect(html).toContain('Ce lien de désabonnement n’est pas valide');
        expect(html).toContain('This unsubscribe link is not valid');
        expect(html).toContain('bonjour@example.com');
      }
    }
    expect((await rowOf('victim@example.com')).unsubscribed_at).toBeNull();
  });

  it('honours one-click unsubscribe (RFC 8058) from a mail client, in the subscriber’s language', async () => {
    expect((await signUp('oneclick@example.com', '/')).status).toBe(201);
    const response = await confirm(await linkFor('oneclick@example.com'), 'List-Unsubscribe=One-Click');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('You are unsubscribed');
    expect((await rowOf('oneclick@example.com')).unsubscribed_at).not.toBeNull();
  });

  it('subscribes an unsubscribed address again with new proof of consent', async () => {
    const before = await rowOf('camille@example.com');
    expect(before.unsubscribed_at).not.toBeNull();
    // Back on the English page this time, typed differently.
    expect((await signUp(' CAMILLE@example.com ', '/')).status).toBe(201);
    const after = await rowOf('camille@example.com');
    expect(after.id).toBe(before.id);
    expect(after.unsubscribed_at).toBeNull();
    expect(after.consent_locale).toBe('en');
    expect(after.consent_at! > before.consent_at!).toBe(true);
    const log = await store.consentLog(after.id);
    expect(log.map((event) => [event.action, event.locale])).toEqual([
      ['subscribed', 'fr'],
      ['unsubscribed', 'fr'],
      ['subscribed', 'en'],
    ]);
    expect(log[2]).toMatchObject({ form: 'footer-newsletter', page: '/', consent_version: NEWSLETTER_CONSENT_VERSION });
    // Subscribed again, so a second sign-up is a duplicate as before.
    const duplicate = await signUp('camille@example.com', '/');
    expect(duplicate.status).toBe(409);
    // Its old link works for the new subscription: links never expire.
    expect(await (await fetch(await linkFor('CAMILLE@example.com'))).text()).toContain('Unsubscribe from the Atelier IA newsletter?');
  });
});

describe('unsubscribe page without storage', () => {
  it('says it is temporarily unavailable (503 page, not a JSON error)', async () => {
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'unsub-'));
    await writeFile(join(dir, 'file'), '');
    const app = await buildApp({ config: testConfig({ SQLITE_PATH: join(dir, 'file', 'leads.sqlite'), DATABASE_URL: '' }), logger: captureLogs().logger });
    try {
      const response = await app.inject({ method: 'GET', url: `/newsletter/unsubscribe?s=1&t=${'a'.repeat(43)}` });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('Le désabonnement est temporairement indisponible');
      expect(response.body).toContain('Unsubscribing is temporarily unavailable');
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(ENGINES)('the newsletter links per client address on %s', (engine) => {
  it('are limited (RATE_LIMIT_LINKS): past it, a 429 page in both languages with Retry-After, and nothing done', async () => {
    const storage = await freshStorage(engine);
    const config = testConfig({ ...storage.env, SITE_URL, RATE_LIMIT_LINKS: '2/600' });
    const app = await buildApp({ config, logger: captureLogs().logger });
    try {
      const url = `/newsletter/unsubscribe?s=1&t=${'a'.repeat(43)}`;
      const open = (remoteAddress: string) => app.inject({ method: 'GET', url, remoteAddress });
      expect((await open('203.0.113.9')).statusCode).toBe(400);
      expect((await open('203.0.113.9')).statusCode).toBe(400);
      const limited = await open('203.0.113.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('600');
      expect(limited.headers['content-type']).toContain('text/html');
      expect(limited.body).toContain('Trop de tentatives');
      expect(limited.body).toContain('Too many attempts');
      // Another address is not affected.
      expect((await open('198.51.100.4')).statusCode).toBe(400);
    } finally {
      await app.close();
      await storage.dispose();
    }
  });
});
