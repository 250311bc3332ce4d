import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Store, createStore } from '../src/server/store';
import { TEST_WEBHOOK_SECRET, storageQuery } from '../test/storage';
import { runDeliveries } from './deliveries';

async function deliveries(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await runDeliveries(args, env, { write: (text: string) => (stdout += text) }, { write: (text: string) => (stderr += text) });
  return { code, stdout, stderr };
}

const WEBHOOK = { WEBHOOK_URL: 'http://127.0.0.1:9/hook', WEBHOOK_SECRET: TEST_WEBHOOK_SECRET };

describe('npm run deliveries', () => {
  let dir: string;
  let env: Record<string, string>;
  let store: Store;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'deliveries-test-'));
    env = { SQLITE_PATH: join(dir, 'leads.sqlite') };
    store = await createStore({
      sqlitePath: env.SQLITE_PATH!,
      databaseUrl: undefined,
      notifications: { email: undefined, webhook: { url: WEBHOOK.WEBHOOK_URL, secret: WEBHOOK.WEBHOOK_SECRET }, newsletter: false },
    });
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('explains bad arguments (exit 2) and a missing database (exit 1)', async () => {
    for (const args of [['--retry'], ['--retry', 'abc'], ['--retry', '-1'], ['purge'], ['--json', '--retry', '1']]) {
      const result = await deliveries(args, env);
      expect(result).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('Usage: deliveries [--json | --retry <id>|all-failed]') });
    }
    expect(await deliveries(['--help'], env)).toMatchObject({ code: 0, stdout: expect.stringContaining('--retry all-failed') });
    expect(await deliveries([], { SQLITE_PATH: join(dir, 'nowhere.sqlite') })).toMatchObject({ code: 1, stderr: expect.stringContaining('No database at') });
  });

  it('lists a waiting job, as a table or JSON, and refuses to re-queue what cannot be', async () => {
    await store.insertContact({ name: 'Zoé Côté', email: 'zoe@example.com', phone: '+1 514-555-0142', message: 'Bonjour' });
    const listed = await deliveries([], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^1 delivery job\(s\): 1 pending, 0 failed\.$/m);
    expect(listed.stdout).toMatch(/^1\s+pending\s+webhook\s+contact\.created \w{8}\s+0\s+due now\s+-$/m);
    const json = JSON.parse((await deliveries(['--json'], env)).stdout) as { jobs: unknown[] };
    expect(json.jobs).toEqual([expect.objectContaining({ id: 1, channel: 'webhook', eventType: 'contact.created', status: 'pending', attempts: 0 })]);

    // While a worker holds it, it is shown as being sent and cannot be re-queued.
    const [job] = await store.deliveries.claim({ channels: ['webhook'], limit: 1, leaseMs: 60_000 });
    expect((await deliveries([], env)).stdout).toMatch(/^1\s+sending\s+webhook\s+contact\.created \w{8}\s+1\s+now \(held until /m);
    expect(await deliveries(['--retry', '1'], env)).toMatchObject({ code: 2, stderr: 'Job 1: that job is being delivered right now.\n' });

    await store.deliveries.complete(job!);
    expect(await deliveries([], env)).toMatchObject({ code: 0, stdout: 'No pending or failed deliveries.\n' });
    expect(await deliveries(['--retry', '1'], env)).toMatchObject({ code: 2, stderr: 'Job 1: that job was already delivered.\n' });
    expect(await deliveries(['--retry=42'], env)).toMatchObject({ code: 2, stderr: 'Job 42: no delivery job with that id.\n' });
    expect(await deliveries(['--retry', 'all-failed'], env)).toMatchObject({ code: 0, stdout: expect.stringContaining('Re-queued 0 job(s)') });
  });

  it('says above the jobs since when e-mail to the firm is failing, with the relay’s last answer, until it works again', async () => {
    const reason = "EENVELOPE Can't send mail - all recipients were rejected: 550 5.4.5 <l***@atelier.example>: Daily user sending quota exceeded";
    const { since } = await store.deliveries.emailFailed({ reason, webhook: true });
    const listed = await deliveries([], env);
    expect(listed.code).toBe(0);
    const when = `${since.slice(0, 19).replace('T', ' ')}Z`;
    expect(listed.stdout.split('\n').slice(0, 3)).toEqual([
      `E-mail to the firm has been failing since ${when}; its notifications are kept and retried.`,
      `Last failure, ${when}: ${reason}`,
      '',
    ]);
    // The word to the firm's webhook waits in the outbox like any notification.
    expect(listed.stdout).toMatch(/^\d+\s+pending\s+webhook\s+notifications\.email_failing \w{8}\s+0\s+due now\s+-$/m);

    await store.deliveries.emailDelivered();
    expect((await deliveries([], env)).stdout).not.toContain('E-mail to the firm');
  });

  it('says how long the oldest lead the firm does not have yet has waited, past the promise as /api/health counts it, and --json has it with e-mail’s state', async () => {
    await store.insertContact({ name: 'Léa Roy', email: 'lea@example.com', phone: '+1 514-555-0199', message: 'Rappelez-moi' });
    const stored = new Date(Date.now() - 6 * 60_000).toISOString();
    await storageQuery(env, "update delivery_jobs set created_at = ? where event_type = 'contact.created' and status = 'pending'", [stored]);

    const listing = await deliveries([], env);
    expect(listing.code).toBe(0);
    expect(listing.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^The oldest lead the firm does not have yet has waited 6 min \\d+ s, since ${stored.slice(0, 19).replace('T', ' ')}Z: past the promise of 5 minutes \\(/api/health answers 503 leads_waiting\\)\\.$`,
        ),
      ),
      '',
    ]);

    const reason = '421 4.7.0 Try again later';
    const { since } = await store.deliveries.emailFailed({ reason, webhook: false });
    const json = JSON.parse((await deliveries(['--json'], env)).stdout) as Record<string, unknown>;
    expect(json).toEqual({
      emailFailing: { since, lastFailureAt: expect.any(String), reason },
      oldestUndeliveredLead: { createdAt: stored, ageSeconds: expect.toSatisfy((seconds: number) => seconds >= 360 && seconds < 390), overdue: true },
      jobs: expect.arrayContaining([expect.objectContaining({ eventType: 'contact.created', channel: 'webhook', status: 'pending' })]),
    });
    await store.deliveries.emailDelivered();

    // Its webhook delivered it: the firm has it, and nothing waits.
    for (const job of await store.deliveries.claim({ channels: ['webhook'], limit: 10, leaseMs: 60_000 })) await store.deliveries.complete(job);
    expect(JSON.parse((await deliveries(['--json'], env)).stdout)).toMatchObject({ emailFailing: null, oldestUndeliveredLead: null });
    expect((await deliveries([], env)).stdout).not.toContain('oldest lead');
  });
});
