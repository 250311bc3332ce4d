import { execFile } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { adminQuery, createDatabase } from '../../../test/postgres';
import { captureLogs, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { HEALTH_WRITE_EVERY_MS, type Store, createStore } from '../store';
import { injectWithProof } from '../../../test/proof';

/**
 * A database that answers but cannot take writes: a full disk under SQLite (a real one, a small
 * tmpfs filled to the last byte), a read-only PostgreSQL database. The visitor gets 503 and nothing
 * half-stored, the log says why, and /api/health says the database cannot take writes, so a load
 * balancer or a supervisor can act. Mounting needs root, as the whole suite has (scripts/test.sh).
 */

const run = promisify(execFile);
const contact = { name: 'Marie Tremblay', phone: '514 555 0142', email: 'marie@example.com', message: 'x'.repeat(4_000) };
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup().catch(() => undefined);
});

async function serve(store: Store, env: Record<string, string>) {
  const logs = captureLogs();
  const app: FastifyInstance = await buildApp({ config: testConfig(env), store, logger: logs.logger });
  cleanups.push(() => app.close());
  return { app, logs, post: () => injectWithProof(app, { url: '/api/contact', payload: contact }), health: () => app.inject({ url: '/api/health' }) };
}

const afterProbeInterval = () => new Promise((resolve) => setTimeout(resolve, HEALTH_WRITE_EVERY_MS + 100));

describe('a database that cannot take writes', () => {
  it('SQLite on a full disk: 503, SQLITE_FULL in the log (not "cannot rollback"), health says not writable, and all is well once space is back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'full-disk-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await run('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir]).catch((error: Error) => {
      throw new Error(`this test mounts a 2 MB tmpfs and needs root (as scripts/test.sh runs): ${error.message}`);
    });
    cleanups.push(() => run('umount', ['-l', dir]));
    const sqlitePath = join(dir, 'leads.sqlite');
    const store = await createStore({ sqlitePath, databaseUrl: undefined });
    cleanups.push(() => store.close());
    const { logs, post, health } = await serve(store, { SQLITE_PATH: sqlitePath });
    expect((await post()).statusCode).toBe(201);

    // Fill the disk to the last byte.
    const filler = join(dir, 'filler');
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(16 * 1024, 1);
    let stoppedBy: unknown;
    try {
      for (;;) writeSync(fd, chunk);
    } catch (error) {
      stoppedBy = error;
    } finally {
      closeSync(fd);
    }
    expect((stoppedBy as NodeJS.ErrnoException).code).toBe('ENOSPC');
    await afterProbeInterval();

    const refused = await post();
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
    const checked = await health();
    expect({ status: checked.statusCode, body: checked.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable', writable: false } });
    const failures = logs.lines().filter((line) => line.level === 50);
    expect(failures.map((line) => [line.path, (line.err as { cause?: { code?: string } })?.cause?.code])).toEqual([
      ['/api/contact', 'SQLITE_FULL'],
      ['/api/health', 'SQLITE_FULL'],
    ]);
    expect(logs.text()).not.toContain('cannot rollback');
    expect(await store.listContacts()).toHaveLength(1);

    await rm(filler);
    await afterProbeInterval();
    expect((await health()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(201);
    expect(await store.listContacts()).toHaveLength(2);
  });

  it('SQLite with less free space than STORAGE_RESERVE: leads get 503, and so does /api/health, which no longer says all is well', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reserve-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const sqlitePath = join(dir, 'leads.sqlite');
    // More than any disk here has free: the disk is below its reserve, though far from full.
    const env = { SQLITE_PATH: sqlitePath, DATABASE_URL: '', STORAGE_RESERVE: '1000TB' };
    const store = await createStore(testConfig(env));
    cleanups.push(() => store.close());
    const { app, post, health } = await serve(store, env);
    expect((await post()).statusCode).toBe(503);
    const checked = await health();
    expect({ status: checked.statusCode, body: checked.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
    // The liveness probe still answers: the page is served, its forms say 503 themselves.
    expect((await app.inject({ url: '/api/health?live' })).statusCode).toBe(200);
  });

  it('PostgreSQL read-only: 503 with the cause in the log, health says not writable, and all is well once writable again', async () => {
    const admin = inject('pgAdminUrl');
    const database = await createDatabase(admin);
    cleanups.push(() => database.drop());
    const store = await createStore({ databaseUrl: database.url, sqlitePath: '' });
    cleanups.push(() => store.close());
    const { logs, post, health } = await serve(store, { DATABASE_URL: database.url });
    expect((await post()).statusCode).toBe(201);

    const readOnly = async (on: boolean) => {
      await adminQuery(admin, `ALTER DATABASE ${database.name} SET default_transaction_read_only = ${on ? 'on' : 'off'}`);
      // The setting applies to new sessions: the pool's idle ones are ended and replaced.
      await adminQuery(admin, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database.name]);
    };
    await readOnly(true);
    // The first query may meet a connection that was just ended; the next ones open new sessions.
    await health();
    await afterProbeInterval();
    const refused = await post();
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
    const checked = await health();
    expect({ status: checked.statusCode, body: checked.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable', writable: false } });
    const lastFailure = logs
      .lines()
      .filter((line) => line.level === 50)
      .at(-1);
    expect(lastFailure).toMatchObject({ path: '/api/health', err: { cause: { code: '25006', message: expect.stringContaining('read-only transaction') } } });

    await readOnly(false);
    await health();
    await afterProbeInterval();
    expect((await health()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(201);
    expect(await store.listContacts()).toHaveLength(2);
  });
});
