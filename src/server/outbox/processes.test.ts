import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { ENGINES, TEST_WEBHOOK_SECRET, freshStorage, testConfig } from '../../../test/storage';
import { createStore } from '../store';
import { type WebhookReceiver, acknowledgedIds, startWebhookReceiver } from '../../../test/receivers';
import { CHEAP_PROOF_ENV, postWithProof } from '../../../test/proof';

/**
 * The real server (src/server/server.ts) as child processes: killed in the middle of a delivery,
 * and two of them sharing one PostgreSQL database.
 */

const SECRET = TEST_WEBHOOK_SECRET;
const WAIT = { timeout: 45_000, interval: 100 };

const running: ServerProcess[] = [];
const receivers: WebhookReceiver[] = [];
async function start(env: Record<string, string>) {
  const server = await startServerProcess({ ...CHEAP_PROOF_ENV, ...env });
  running.push(server);
  return server;
}
// If an assertion fails half-way, nothing is left behind.
afterEach(async () => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function newReceiver() {
  const hook = await startWebhookReceiver(SECRET);
  receivers.push(hook);
  return hook;
}

async function postContact(server: ServerProcess, message: string) {
  const response = await postWithProof(server.url, '/api/contact', { name: 'Jean Roy', phone: '514 555 0100', email: 'jean.roy@example.com', message });
  return response.status;
}

describe.each(ENGINES)('deliveries across restarts on %s', (engine) => {
  it('delivers a notification after the server is killed in the middle of sending it', async () => {
    const storage = await freshStorage(engine);
    const hook = await newReceiver();
    try {
      const env = {
        ...storage.env,
        WEBHOOK_URL: hook.url,
        WEBHOOK_SECRET: SECRET,
        DELIVERY_POLL: '100ms',
        DELIVERY_RETRY_BASE: '100ms',
        DELIVERY_RETRY_MAX: '500ms',
        DELIVERY_TIMEOUT: '3s',
        // After a crash, the job waits out this lease before another run may take it.
        DELIVERY_LEASE: '4s',
      };
      hook.answer = () => 'hang';
      const first = await start(env);
      expect(await postContact(first, `killed mid-delivery ${randomUUID()}`)).toBe(201);
      await expect.poll(() => hook.held(), WAIT).toBe(1);
      // The request reached the receiver, which has not answered: kill the sender now.
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      hook.answer = () => 204;
      const second = await start(env);
      await expect.poll(() => acknowledgedIds(hook.receipts).size, WAIT).toBe(1);
      const [id] = acknowledgedIds(hook.receipts).keys();
      // Every request carried the same event id (the receiver's key to drop duplicates), and exactly one was acknowledged.
      expect(hook.receipts.every((receipt) => receipt.id === id && receipt.verified)).toBe(true);
      expect(acknowledgedIds(hook.receipts).get(id!)).toBe(1);

      const store = await createStore(testConfig(storage.env));
      try {
        await expect.poll(() => store.deliveries.list(['pending', 'failed']), WAIT).toEqual([]);
      } finally {
        await store.close();
      }
      // A graceful stop with the worker running still exits 0.
      second.child.kill('SIGTERM');
      expect({ exit: await second.exited, output: second.output() }).toMatchObject({ exit: 0 });
    } finally {
      await storage.dispose();
    }
  });
});

describe('two servers on one PostgreSQL database', () => {
  const JOBS = 60;

  it('deliver each notification exactly once between them', async () => {
    const storage = await freshStorage('postgres');
    const hook = await newReceiver();
    // Slow answers keep deliveries in flight while the other server looks for work.
    hook.delayMs = 20;
    try {
      const env = {
        ...storage.env,
        WEBHOOK_URL: hook.url,
        WEBHOOK_SECRET: SECRET,
        RATE_LIMIT_CONTACT: '1000/60',
        DELIVERY_POLL: '100ms',
        DELIVERY_TIMEOUT: '10s',
        DELIVERY_LEASE: '60s',
        // One job per claim: many small claims, so the two servers' claims keep colliding.
        DELIVERY_BATCH: '1',
        // Not a test of the notifications cap (abuse-valid-flood.test.ts is).
        NOTIFICATIONS_PER_MINUTE: '100000',
        LOG_LEVEL: 'info',
      };
      const servers = await Promise.all([start(env), start(env)]);
      const run = randomUUID();
      // A load balancer's worth of submissions, spread over both servers at once.
      const statuses = await Promise.all(Array.from({ length: JOBS }, (_, i) => postContact(servers[i % 2]!, `${run} #${i}`)));
      expect(statuses).toEqual(Array(JOBS).fill(201));

      await expect.poll(() => acknowledgedIds(hook.receipts).size, WAIT).toBe(JOBS);
      const store = await createStore(testConfig(storage.env));
      try {
        await expect.poll(() => store.deliveries.list(['pending', 'failed']), WAIT).toEqual([]);
      } finally {
        await store.close();
      }
      // Give a duplicate every chance to show up: a few more polls of both workers.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(hook.receipts).toHaveLength(JOBS);
      expect([...acknowledgedIds(hook.receipts).values()].every((count) => count === 1)).toBe(true);
      expect(hook.receipts.every((receipt) => receipt.verified)).toBe(true);

      // Both servers did part of the work.
      const delivered = servers.map(
        (server) =>
          server
            .output()
            .split('\n')
            .filter((line) => line.includes('"msg":"lead notification delivered"')).length,
      );
      expect(delivered[0]! + delivered[1]!).toBe(JOBS);
      expect(delivered.every((count) => count > 0)).toBe(true);
    } finally {
      await storage.dispose();
    }
  });
});
