import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPostgres, createDatabase, startPostgres } from '../../../test/postgres';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { TEST_WEBHOOK_SECRET } from '../../../test/storage';
import { type WebhookReceiver, startWebhookReceiver } from '../../../test/receivers';
import type { Challenge } from 'altcha-lib';
import { CHEAP_PROOF_ENV, solve } from '../../../test/proof';

/**
 * PostgreSQL restarted (`pg_ctl stop -m fast`, then start) under load, with notifications on, so
 * each submission is a transaction of several statements: connections are cut in the middle of
 * them. The real server, as a child process, against a PostgreSQL server of this test's own.
 */

const SECRET = TEST_WEBHOOK_SECRET;
const IN_FLIGHT = 12;
const CYCLES = 3;
const DOWN_MS = 800;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL stopped and started again under load', () => {
  let pg: RunningPostgres;
  let hook: WebhookReceiver;
  let server: ServerProcess;
  let site: string;

  beforeAll(async () => {
    pg = await startPostgres();
    hook = await startWebhookReceiver(SECRET);
    site = await mkdtemp(join(tmpdir(), 'pg-restart-site-'));
    await writeFile(join(site, 'index.html'), '<!doctype html><title>Atelier IA</title>');
    const database = await createDatabase(pg.adminUrl);
    server = await startServerProcess({
      DATABASE_URL: database.url,
      STATIC_DIR: site,
      WEBHOOK_URL: hook.url,
      WEBHOOK_SECRET: SECRET,
      RATE_LIMIT_CONTACT: '1000000/60',
      ...CHEAP_PROOF_ENV,
      // The load stores hundreds of leads: the notifications cap would hold the last one's webhook
      // back minutes (as it should; abuse-valid-flood.test.ts tests that), not what this test looks at.
      NOTIFICATIONS_PER_MINUTE: '100000',
      SUBMISSIONS_PER_NETWORK_PER_DAY: '100000000',
      DELIVERY_POLL: '200ms',
      DELIVERY_RETRY_BASE: '200ms',
      DELIVERY_RETRY_MAX: '1s',
    });
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await hook?.close();
    await pg?.stop();
    if (site) await rm(site, { recursive: true, force: true });
  });

  it('answers 503 meanwhile, keeps serving the page, survives, and takes posts (and delivers them) once it is back', async () => {
    const statuses = new Map<number | string, number>();
    const load = { on: true };
    let last201At = 0;
    const post = async (message: string) => {
      try {
        // The proof's challenge comes from the server too: while the database is down it answers 503.
        const challenge = await fetch(`${server.url}/api/challenge`);
        if (challenge.status !== 200) {
          await challenge.arrayBuffer();
          return challenge.status;
        }
        const altcha = await solve((await challenge.json()) as Challenge);
        const response = await fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Jean Roy', phone: '514 555 0100', email: 'jean.roy@example.com', message, altcha }),
        });
        await response.arrayBuffer();
        if (response.status === 201) last201At = Date.now();
        return response.status;
      } catch (error) {
        // A connection refused or reset: the server process is gone.
        return `network error: ${(error as Error).cause ?? error}`;
      }
    };
    const workers = Array.from({ length: IN_FLIGHT }, async (_, worker) => {
      for (let i = 0; load.on; i++) {
        const status = await post(`load ${worker}-${i}`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    });

    const recoveries: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      await sleep(400);
      await pg.stopFast();
      await sleep(DOWN_MS / 2);
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      await sleep(DOWN_MS / 2);
      await pg.restart();
      const back = Date.now();
      await expect.poll(() => last201At > back, { timeout: 20_000, interval: 20 }).toBe(true);
      recoveries.push(last201At - back);
    }
    load.on = false;
    await Promise.all(workers);

    const summary = Object.fromEntries(statuses);
    console.info(
      `PostgreSQL fast stop/start x${CYCLES} with ${IN_FLIGHT} requests in flight: answers ${JSON.stringify(summary)}; first 201 after each restart: ${recoveries.map((ms) => `${ms} ms`).join(', ')}`,
    );
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(Object.keys(summary).sort()).toEqual(['201', '503']);

    // The delivery worker is still at work: a lead posted now reaches the firm.
    const marker = `after restarts ${randomUUID()}`;
    expect(await post(marker)).toBe(201);
    await expect
      .poll(() => hook.receipts.some((receipt) => receipt.status === 204 && JSON.stringify(receipt.body).includes(marker)), { timeout: 20_000, interval: 100 })
      .toBe(true);
    expect(server.child.exitCode, server.output()).toBeNull();
  });
});
