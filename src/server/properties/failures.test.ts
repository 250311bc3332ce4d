import { type AddressInfo, type Socket, connect } from 'node:net';
import { userInfo } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { injectWithProof, proofFrom } from '../../../test/proof';
import { ENGINES, captureLogs, freshStorage, testConfig } from '../../../test/storage';
import { adminQuery, dropDatabase, freePort } from '../../../test/postgres';
import { buildApp } from '../app';
import { createStore } from '../store';

/**
 * When things go wrong around the form API (../core/submission.test.ts): the database fails while serving or
 * cannot be opened at start-up, a route throws, the server is asked to stop mid-request.
 */

const validContact = { name: 'Marie Tremblay', phone: '+1 514-555-0142', email: 'marie.tremblay@example.com', message: 'We answer 200 calls a day.' };

describe.each(ENGINES)('database failing at request time on %s', (engine) => {
  it('answers 503 unavailable and stores nothing half-way', async () => {
    const storage = await freshStorage(engine);
    const config = testConfig(storage.env);
    const store = await createStore(config);
    const app = await buildApp({ config, store, logger: captureLogs().logger });
    try {
      expect((await injectWithProof(app, { url: '/api/newsletter', payload: { email: 'before@example.com' } })).statusCode).toBe(201);
      // Proofs made while the database answered: the posts get as far as storing.
      const proofs = [await proofFrom(app), await proofFrom(app)];
      if (engine === 'postgres') {
        // The database disappears under the running server: connections are terminated.
        await dropDatabase(inject('pgAdminUrl'), new URL(storage.env.DATABASE_URL!).pathname.slice(1));
      } else {
        await store.close();
      }
      for (const [url, payload] of [
        ['/api/contact', validContact],
        ['/api/newsletter', { email: 'after@example.com' }],
      ] as const) {
        const response = await app.inject({ method: 'POST', url, payload: { ...payload, altcha: proofs.pop() } });
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 503, body: { ok: false, error: 'unavailable' } });
      }
      expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: false, error: 'unavailable' });
    } finally {
      await app.close();
      await store.close();
      await storage.dispose();
    }
  });
});

async function expectNotConfigured(app: FastifyInstance) {
  for (const [url, payload] of [
    ['/api/contact', validContact],
    ['/api/newsletter', { email: 'a@example.com' }],
  ] as const) {
    const response = await app.inject({ method: 'POST', url, payload });
    expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 503, body: { ok: false, error: 'not_configured' } });
  }
  // Validation still answers first: the visitor's mistakes are not hidden behind the outage.
  expect((await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: '' } })).statusCode).toBe(400);
}

describe('storage not usable at start-up', () => {
  it('SQLite path not writable: the server starts, logs an error naming the file and its user, and answers 503 not_configured', async () => {
    const logs = captureLogs();
    // A path "inside" a regular file can never be created, even by root.
    const app = await buildApp({ config: testConfig({ SQLITE_PATH: '/etc/hostname/leads.sqlite' }), logger: logs.logger });
    try {
      await expectNotConfigured(app);
      const errors = logs.lines().filter((line) => line.level === 50 && String(line.msg).includes('storage cannot be opened'));
      expect(errors.map((line) => line.cause)).toEqual([
        `SQLite cannot open /etc/hostname/leads.sqlite as user ${userInfo().username} (uid ${process.getuid!()}): EEXIST: file already exists, mkdir '/etc/hostname'`,
      ]);
    } finally {
      await app.close();
    }
  });

  it('PostgreSQL unreachable at start-up is picked up once it comes up', async () => {
    const admin = new URL(inject('pgAdminUrl'));
    const database = `late_${Date.now().toString(36)}`;
    const url = new URL(admin);
    url.pathname = `/${database}`;
    const logs = captureLogs();
    const app = await buildApp({
      config: testConfig({ DATABASE_URL: url.toString() }),
      logger: logs.logger,
      storageRetry: { firstDelayMs: 50, maxDelayMs: 200 },
    });
    try {
      await expectNotConfigured(app);
      expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: false, error: 'not_configured' });
      // The process itself answers: a proxy's liveness probe keeps it (and the page) in rotation.
      expect((await app.inject({ url: '/api/health?live' })).json()).toEqual({ ok: true });
      // Asked every 2 s by the proxy, it is not written in the log (unless it fails).
      expect(logs.lines().filter((line) => line.path === '/api/health' && line.status === 200)).toEqual([]);
      // Each failed attempt is one short line with its cause, no stack trace.
      await expect.poll(() => logs.lines().filter((line) => line.attempt !== undefined).length, { timeout: 5_000 }).toBeGreaterThan(1);
      for (const line of logs.lines().filter((entry) => String(entry.msg).startsWith('storage cannot be opened'))) {
        expect(line).not.toHaveProperty('err');
        expect(line.cause).toMatch(new RegExp(`database "${database}" does not exist`));
      }
      // The database appears later; the background retry finds it without a restart.
      await adminQuery(admin.toString(), `CREATE DATABASE ${database}`);
      await expect.poll(async () => (await app.inject({ url: '/api/health' })).statusCode, { timeout: 10_000, interval: 50 }).toBe(200);
      const response = await injectWithProof(app, { url: '/api/newsletter', payload: { email: 'late@example.com' } });
      expect(response.statusCode).toBe(201);
    } finally {
      await app.close();
      await dropDatabase(admin.toString(), database);
    }
  });

  it('PostgreSQL on a closed port: the page is still served', async () => {
    const port = await freePort();
    const app = await buildApp({
      config: testConfig({ DATABASE_URL: `postgres://app@127.0.0.1:${port}/nothing` }),
      logger: captureLogs().logger,
      storageRetry: { firstDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    try {
      await expectNotConfigured(app);
      expect((await app.inject({ url: '/' })).statusCode).toBe(404); // no build in tests; not a 5xx
    } finally {
      await app.close();
    }
  });
});

describe('unexpected errors', () => {
  it('answer 500 internal, with the detail in the log line only', async () => {
    const storage = await freshStorage('sqlite');
    const logs = captureLogs();
    const app = await buildApp({ config: testConfig(storage.env), logger: logs.logger });
    app.get('/api/test-bug', async () => {
      throw new TypeError('cannot read rows of undefined (for jane.doe@example.com)');
    });
    try {
      const response = await app.inject({ url: '/api/test-bug' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ ok: false, error: 'internal' });
      const [line] = logs.lines().filter((entry) => entry.path === '/api/test-bug');
      expect(line).toMatchObject({
        level: 50,
        status: 500,
        apiError: 'internal',
        err: { type: 'TypeError', message: expect.stringContaining('j***@example.com') },
      });
      expect(logs.text()).not.toContain('jane.doe@');
    } finally {
      await app.close();
      await storage.dispose();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones, then closes the database it opened', async () => {
    const storage = await freshStorage('sqlite');
    const app = await buildApp({ config: testConfig(storage.env), logger: captureLogs().logger });
    let arrived = false;
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get('/api/test-slow', async () => {
      arrived = true;
      await gate;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const inFlight = fetch(`${url}/api/test-slow`);
      await expect.poll(() => arrived).toBe(true);
      const closed = app.close();
      await expect(fetch(`${url}/api/health`)).rejects.toThrow('fetch failed');
      release?.();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.json()).toEqual({ ok: true });
      await closed;
      expect(await app.storage.get().health()).toMatchObject({ status: 'unreachable' });
    } finally {
      release?.();
      await app.close();
      await storage.dispose();
    }
  });

  it('a request that comes in while closing: a GET is let go unanswered (a proxy or the browser sends it again), a post gets 503', async () => {
    const storage = await freshStorage('sqlite');
    const app = await buildApp({ config: testConfig(storage.env), logger: captureLogs().logger });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    /** A client's connection: what it receives, and whether the server closed it. */
    const client = async () => {
      const socket: Socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const state = { received: '', closed: false };
      socket.on('data', (data: Buffer) => (state.received += data.toString()));
      socket.on('close', () => (state.closed = true));
      socket.on('error', () => undefined);
      return { socket, state };
    };
    const body = JSON.stringify({ email: 'late@example.com' });
    try {
      // Each request's headers begin before the server starts closing and end after it has: the
      // moment a request already on its way reaches a server that is going away.
      const [get, post] = [await client(), await client()];
      get.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      post.socket.write(`POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closed = app.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      get.socket.write('\r\n');
      post.socket.write(`\r\n${body}`);
      await expect.poll(() => get.state.closed && post.state.received.length > 0, { timeout: 5_000 }).toBe(true);
      expect(get.state.received).toBe('');
      expect(post.state.received).toMatch(/^HTTP\/1\.1 503 /);
      expect(post.state.received.toLowerCase()).toContain('connection: close');
      post.socket.destroy();
      await closed;
    } finally {
      await app.close();
      await storage.dispose();
    }
  });
});
