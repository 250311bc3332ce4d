import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../test/server-process';
import { type TestStorage, captureLogs, freshStorage, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { SHUTDOWN_UPLOAD_GRACE_MS } from '../core/plugins/shutdown';
import { proofFrom } from '../../../test/proof';

/**
 * Clients that send their request too slowly (slowloris): the headers, or the body, trickled a
 * byte at a time. Each gets 408 and its connection closed once its time is up, over a real socket.
 */

type Trickle = { status: string; closedAfterMs: number };

/** Sends `head` at once, then `drip` one byte every `everyMs`, until the server answers and closes. */
function trickle(port: number, head: string, drip: string, everyMs: number): Promise<Trickle> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    // Written before the drip starts: a socket sends what it was given in order, once connected.
    socket.write(head);
    const timer = setInterval(() => {
      if (sent < drip.length && socket.writable) socket.write(drip[sent++]!);
    }, everyMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ status: answer.split('\r\n', 1)[0] ?? '', closedAfterMs: Date.now() - started });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 20 s; answer so far: ${answer}`));
    }, 20_000).unref();
  });
}

const CONTACT = JSON.stringify({ name: 'Marie Tremblay', phone: '514 555 0142', email: 'marie@example.com', message: 'Slow but honest.' });
const postHead = (length: number) =>
  `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

describe('requests that arrive too slowly', () => {
  let storage: TestStorage;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    storage = await freshStorage('sqlite');
    app = await buildApp({ config: testConfig({ ...storage.env, HEADERS_TIMEOUT: '1s', REQUEST_TIMEOUT: '2s' }), logger: captureLogs().logger });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
  });

  it('cuts a body trickled one byte at a time with 408 once REQUEST_TIMEOUT is up', async () => {
    const result = await trickle(port, postHead(CONTACT.length), CONTACT, 250);
    expect(result.status).toBe('HTTP/1.1 408 Request Timeout');
    // 2 s, plus Node's check every second, plus a loaded machine's slack.
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(result.closedAfterMs).toBeLessThan(6_000);
    console.info(`stalled body cut after ${result.closedAfterMs} ms (REQUEST_TIMEOUT 2s)`);
  });

  it('cuts headers trickled one byte at a time with 408 once HEADERS_TIMEOUT is up', async () => {
    const result = await trickle(port, 'GET / HTTP/1.1\r\n', 'Host: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n', 100);
    expect(result.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(result.closedAfterMs).toBeLessThan(5_000);
  });

  it('still takes a slow upload that arrives within its time, and serves others meanwhile', async () => {
    // The proof of work goes with the headers; the visitor's fields trickle in as before.
    const proof = `{"altcha":${JSON.stringify(await proofFrom(app))},`;
    const slow = trickle(port, `${postHead(proof.length + CONTACT.length - 1)}${proof}`, CONTACT.slice(1), 10);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect((await slow).status).toBe('HTTP/1.1 201 Created');
  });
});

describe('SIGTERM with uploads stalled', () => {
  it('does not wait for them: the server exits 0 within its grace period', async () => {
    const storage = await freshStorage('sqlite');
    const server = await startServerProcess(storage.env);
    try {
      const port = Number(new URL(server.url).port);
      // A body that stopped coming, and headers that never ended; default timeouts (30 s, 10 s).
      const stalled = [trickle(port, `${postHead(CONTACT.length)}{"name":`, '', 1_000), trickle(port, 'POST /api/contact HTTP/1.1\r\nHost: x\r\n', '', 1_000)];
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect({ exit: await server.exited, output: server.output() }).toMatchObject({ exit: 0 });
      const exitedAfterMs = Date.now() - signalled;
      for (const connection of await Promise.all(stalled)) expect(connection.closedAfterMs).toBeLessThan(exitedAfterMs + 1_000);
      expect(exitedAfterMs).toBeLessThan(SHUTDOWN_UPLOAD_GRACE_MS + 2_000);
      console.info(`SIGTERM with two stalled uploads: exited 0 after ${exitedAfterMs} ms`);
    } finally {
      server.child.kill('SIGKILL');
      await storage.dispose();
    }
  });
});
