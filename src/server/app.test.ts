import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proofFrom } from '../../test/proof';
import { ENGINES, type TestStorage, captureLogs, freshStorage, testConfig } from '../../test/storage';
import { type BuildAppOptions, buildApp } from './app';
import { type Store, createStore } from './store';

const validContact = {
  name: '  Marie Tremblay ',
  phone: ' +1 514-555-0142 ',
  email: ' Marie.Tremblay@Example.com ',
  company: '',
  message: '  We answer 200 calls a day and would like a voice agent.  ',
};

describe.each(ENGINES)('form API on %s', (engine) => {
  let storage: TestStorage;
  let store: Store;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    store = await createStore(testConfig(storage.env));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await store.close();
    await storage.dispose();
  });

  async function start(env: Record<string, string> = {}, options: Partial<BuildAppOptions> = {}) {
    app = await buildApp({ config: testConfig({ ...storage.env, ...env }), store, logger: captureLogs().logger, ...options });
    return app;
  }
  /** A form post; an object payload carries a solved proof of work (a raw string is sent as it is). */
  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app!.inject({
      method: 'POST',
      url,
      payload: typeof payload === 'object' && !Buffer.isBuffer(payload) ? { ...payload, altcha: await proofFrom(app!) } : (payload as string),
      headers,
    });
  /** A request reaching the server from `peer`, claiming (X-Forwarded-For) to be for `client`. */
  const postVia = async (peer: string, client: string, url: string, payload: object) =>
    app!.inject({ method: 'POST', url, payload: { ...payload, altcha: await proofFrom(app!) }, remoteAddress: peer, headers: { 'x-forwarded-for': client } });
  const counts = async () => ({ contacts: (await store.listContacts()).length, newsletter: (await store.listNewsletter()).length });

  it('stores a contact request with trimmed values and company NULL when empty', async () => {
    await start();
    const before = await counts();
    const response = await post('/api/contact', validContact, { referer: 'http://localhost/fr/' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const rows = await store.listContacts();
    expect(rows).toHaveLength(before.contacts + 1);
    expect(rows.at(-1)).toMatchObject({
      name: 'Marie Tremblay',
      phone: '+1 514-555-0142',
      email: 'Marie.Tremblay@Example.com',
      company: null,
      message: 'We answer 200 calls a day and would like a voice agent.',
      status: 'new',
      page: '/fr/',
      locale: 'fr',
    });
    expect(Date.parse(rows.at(-1)!.created_at)).toBeGreaterThan(Date.now() - 60_000);

    await post('/api/contact', { ...validContact, company: '  Clinique Dentaire  ' });
    expect((await store.listContacts()).at(-1)).toMatchObject({ company: 'Clinique Dentaire', page: null, locale: null });
  });

  it('subscribes an address once, however it is cased or padded', async () => {
    await start();
    const before = await counts();
    const first = await post('/api/newsletter', { email: '  Jean.Roy@Example.com ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true });

    for (const variant of ['jean.roy@example.com', ' JEAN.ROY@EXAMPLE.COM', 'Jean.Roy@example.COM\t']) {
      const again = await post('/api/newsletter', { email: variant });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ ok: false, error: 'already_subscribed' });
    }
    const rows = await store.listNewsletter();
    expect(rows).toHaveLength(before.newsletter + 1);
    expect(rows.filter((row) => row.email.toLowerCase() === 'jean.roy@example.com')).toEqual([expect.objectContaining({ email: 'Jean.Roy@Example.com' })]);
  });

  it('answers 400 with a code per field and stores nothing', async () => {
    await start();
    const before = await counts();
    const response = await post('/api/contact', { name: '   ', phone: 'call me', email: 'nope', message: '', company: 'x'.repeat(161) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      error: 'invalid_request',
      fields: { name: 'required', phone: 'invalid_phone', email: 'invalid_email', message: 'required', company: 'too_long' },
    });
    const newsletter = await post('/api/newsletter', { email: 'a b@c.d' });
    expect(newsletter.json()).toEqual({ ok: false, error: 'invalid_request', fields: { email: 'invalid_email' } });
    // Fields left out altogether are required, as empty ones are; a field of the wrong type is invalid.
    expect((await post('/api/contact', { email: 'marie@example.com' })).json()).toEqual({
      ok: false,
      error: 'invalid_request',
      fields: { name: 'required', phone: 'required', message: 'required' },
    });
    expect((await post('/api/newsletter', {})).json()).toEqual({ ok: false, error: 'invalid_request', fields: { email: 'required' } });
    expect((await post('/api/contact', { ...validContact, phone: 5145550100 })).json()).toMatchObject({ fields: { phone: 'invalid' } });
    expect(await counts()).toEqual(before);
  });

  it('answers 400 naming the field for text no one could read back, and two-address e-mails', async () => {
    await start();
    const before = await counts();
    const refused = async (url: string, body: string | object, field: string, code: string) => {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const response = await post(url, payload, { 'content-type': 'application/json' });
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status: 400,
        body: { ok: false, error: 'invalid_request', fields: { [field]: code } },
      });
    };
    // Only control characters: "required" passed, and the row was stored with an empty name.
    await refused('/api/contact', { ...validContact, name: '\u0000' }, 'name', 'invalid_characters');
    await refused('/api/contact', { ...validContact, message: '\u0000\u0001\u0002' }, 'message', 'invalid_characters');
    await refused('/api/contact', { ...validContact, company: 'Cie\u0007' }, 'company', 'invalid_characters');
    // A phone number is one line: CR, LF and tab broke the lines of the firm's e-mail and the export.
    for (const phone of ['514 555 0100\r\nBcc: x@e.ca', '514\n555\n0100', '514\t555\t0100']) {
      await refused('/api/contact', { ...validContact, phone }, 'phone', 'invalid_characters');
    }
    // A Reply-To with two recipients; and addresses the relay cannot deliver to (a final dot was
    // accepted, refused by the relay, and retried for hours), as the page says: not valid.
    for (const address of [
      'a@evil.example,ceo',
      'CEO<x@evil.example>',
      'x@evil.example;y@evil.example',
      'victim@mail.example.',
      'a@b..example',
      'a@.example',
      'a@localhost',
    ]) {
      await refused('/api/contact', { ...validContact, email: address }, 'email', 'invalid_email');
      await refused('/api/newsletter', { email: address }, 'email', 'invalid_email');
    }
    // Bytes that are not UTF-8 (they decoded silently to U+FFFD), and a lone surrogate, which the
    // two engines stored differently.
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"name":"Ma'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from(`rie","phone":"514 555 0100","email":"m@example.com","message":"Hi"}`),
    ]);
    const response = await post('/api/contact', invalidUtf8, { 'content-type': 'application/json' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { ok: false, error: 'invalid_request', fields: { name: 'invalid_characters' } },
    });
    await refused(
      '/api/contact',
      '{"name":"Marie","phone":"514 555 0100","email":"m@example.com","message":"Hi \\ud800 there"}',
      'message',
      'invalid_characters',
    );
    expect(await counts()).toEqual(before);
    // Line breaks and tabs are still fine in a message, and any real character anywhere.
    expect((await post('/api/contact', { ...validContact, name: 'Zoé Côté 😀', message: 'Line one\n\tline two\r\nline three' })).statusCode).toBe(201);
  });

  it('rejects unknown fields, other content types, big bodies and broken JSON', async () => {
    await start();
    const before = await counts();
    const unknownField = await post('/api/contact', { ...validContact, budget: 5000 });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ ok: false, error: 'invalid_request' });

    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const response = await post('/api/newsletter', 'email=a%40b.co', { 'content-type': type });
      expect({ type, status: response.statusCode }).toEqual({ type, status: 415 });
      expect(response.json()).toEqual({ ok: false, error: 'unsupported_body' });
    }

    const tooLarge = await post('/api/contact', { ...validContact, message: 'x'.repeat(40 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ ok: false, error: 'unsupported_body' });

    for (const payload of ['{"email": "a@b.co"', '', 'null', '[]', '"a@b.co"']) {
      const response = await post('/api/newsletter', payload, { 'content-type': 'application/json' });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const logs = captureLogs();
    await start({}, { logger: logs.logger });
    const before = await counts();
    expect((await post('/api/contact', { ...validContact, website: 'http://spam.example' })).statusCode).toBe(201);
    expect((await post('/api/newsletter', { email: 'bot@example.com', website: 'x' })).json()).toEqual({ ok: true });
    expect(await counts()).toEqual(before);
    expect(logs.lines().filter((line) => line.honeypot === true)).toHaveLength(2);
  });

  it('limits each client address and answers 429 with Retry-After', async () => {
    await start({ RATE_LIMIT_CONTACT: '2/600', RATE_LIMIT_NEWSLETTER: '1/60', TRUST_PROXY: '10.0.0.1' });
    const send = (client: string) => postVia('10.0.0.1', client, '/api/contact', validContact);

    expect((await send('203.0.113.5')).statusCode).toBe(201);
    expect((await send('203.0.113.5')).statusCode).toBe(201);
    const limited = await send('203.0.113.5');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ ok: false, error: 'rate_limited', retryAfter: 600 });
    expect(limited.headers['retry-after']).toBe('600');
    // Another visitor behind the same trusted proxy has its own budget.
    expect((await send('198.51.100.7')).statusCode).toBe(201);
    // The newsletter has its own limit.
    expect((await postVia('10.0.0.1', '203.0.113.5', '/api/newsletter', { email: 'limit1@example.com' })).statusCode).toBe(201);
    expect((await postVia('10.0.0.1', '203.0.113.5', '/api/newsletter', { email: 'limit2@example.com' })).json()).toEqual({
      ok: false,
      error: 'rate_limited',
      retryAfter: 60,
    });
    // The page and the health check are never limited.
    const headers = { 'x-forwarded-for': '203.0.113.5' };
    for (let i = 0; i < 5; i++) {
      expect((await app!.inject({ url: '/', remoteAddress: '10.0.0.1', headers })).statusCode).toBe(404);
      expect((await app!.inject({ url: '/api/health', remoteAddress: '10.0.0.1', headers })).statusCode).toBe(200);
    }
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    await start({ RATE_LIMIT_NEWSLETTER: '1/60' });
    const first = await postVia('192.0.2.9', '203.0.113.1', '/api/newsletter', { email: 'spoof@example.com' });
    expect(first.statusCode).not.toBe(429);
    // A different X-Forwarded-For does not buy a new budget: the peer address is what counts.
    const second = await postVia('192.0.2.9', '203.0.113.2', '/api/newsletter', { email: 'spoof@example.com' });
    expect(second.statusCode).toBe(429);
  });

  it('logs one line per request without message text or full e-mail addresses', async () => {
    const logs = captureLogs();
    await start({}, { logger: logs.logger });
    await post('/api/contact', { ...validContact, email: 'secret.person@example.org', message: 'Confidential budget: 48000' });
    await post('/api/newsletter', { email: 'other.person@example.org' });
    await post('/api/newsletter', { email: 'other.person@example.org' });
    await post('/api/contact', '{"message": "Confidential budget: 48000", broken', { 'content-type': 'application/json' });

    const text = logs.text();
    expect(text).not.toContain('Confidential');
    expect(text).not.toContain('secret.person@');
    expect(text).not.toContain('other.person@');
    // The posts' own lines (each post fetched its proof-of-work challenge first).
    const requestLines = logs.lines().filter((line) => line.msg === 'request' && line.method === 'POST');
    expect(requestLines.map((line) => line.status)).toEqual([201, 201, 409, 400]);
    expect(requestLines[0]).toMatchObject({ method: 'POST', path: '/api/contact', reqId: expect.any(String), responseTime: expect.any(Number) });
  });

  it('answers unknown /api paths and methods with 404 not_found JSON, malformed URLs with 400', async () => {
    await start();
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/api/contact'],
      ['DELETE', '/api/newsletter'],
      ['POST', '/api'],
    ] as const) {
      const response = await app!.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ ok: false, error: 'not_found' });
    }
    const badUrl = await app!.inject({ url: '/api/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ ok: false, error: 'invalid_request' });
  });
});
