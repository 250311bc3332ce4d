import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { ENGINES, freshStorage, testConfig } from '../../../test/storage';
import { createStore } from '../store';
import { CHEAP_PROOF_ENV, postWithProof } from '../../../test/proof';

const SUBMISSIONS = 40;

const running: ServerProcess[] = [];
async function start(env: Record<string, string>) {
  const server = await startServerProcess(env);
  running.push(server);
  return server;
}
// If an assertion fails half-way, no server is left behind.
afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
});

describe.each(ENGINES)('durability on %s', (engine) => {
  it('keeps every acknowledged submission when the process is killed, and restarts on the same storage', async () => {
    const storage = await freshStorage(engine);
    const env = { ...storage.env, ...CHEAP_PROOF_ENV, RATE_LIMIT_CONTACT: '1000/60' };
    const run = randomUUID();
    try {
      const first = await start(env);
      const statuses = await Promise.all(
        Array.from({ length: SUBMISSIONS }, async (_, i) => {
          const response = await postWithProof(first.url, '/api/contact', {
            name: `Crash ${i}`,
            phone: '514 555 0100',
            email: `c${i}@example.com`,
            message: `${run} #${i}`,
          });
          return response.status;
        }),
      );
      expect(statuses).toEqual(Array(SUBMISSIONS).fill(201));
      // No chance to flush or close anything: the acknowledged rows must already be on disk.
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      const second = await start(env);
      const store = await createStore(testConfig(env));
      try {
        const rows = (await store.listContacts()).filter((row) => row.message.startsWith(run));
        expect(new Set(rows.map((row) => row.message)).size).toBe(SUBMISSIONS);
      } finally {
        await store.close();
      }
      // Graceful stop: SIGTERM closes the server and the database and exits 0.
      second.child.kill('SIGTERM');
      expect({ exit: await second.exited, output: second.output() }).toMatchObject({ exit: 0 });
    } finally {
      await storage.dispose();
    }
  });
});
