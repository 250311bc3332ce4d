/**
 * Test helpers for the server: a fresh storage per engine (a SQLite file in a temp dir, or a new
 * database on the PostgreSQL started by ./global-postgres.ts), a test configuration, and a
 * logger whose lines can be read back.
 */
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { loadServerConfig, type ServerConfig } from '../src/server/core/config';
import { createLogger } from '../src/server/core/logger';
import { createDatabase } from './postgres';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type EngineName = (typeof ENGINES)[number];

export type TestStorage = {
  /** Environment variables pointing the server at this storage. */
  env: Record<string, string>;
  /** Deletes the file or drops the database (terminating its connections). */
  dispose(): Promise<void>;
};

/**
 * A RAM-backed folder (tmpfs) when the machine has one, else the temp folder. For tests that send
 * thousands of requests whose behaviour does not depend on the disk: SQLite commits there without
 * waiting on a disk's fsync, so a flood takes seconds, not a minute, on a busy machine.
 */
function ramFolder(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

export async function freshStorage(engine: EngineName, options: { inMemoryDisk?: boolean } = {}): Promise<TestStorage> {
  if (engine === 'sqlite') {
    const dir = await mkdtemp(join(options.inMemoryDisk ? ramFolder() : tmpdir(), 'leads-test-'));
    return {
      env: { SQLITE_PATH: join(dir, 'leads.sqlite'), DATABASE_URL: '' },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const database = await createDatabase(inject('pgAdminUrl'));
  return { env: { DATABASE_URL: database.url }, dispose: database.drop };
}

/** A webhook signing secret in the Standard Webhooks format (whsec_ + base64 of 32 bytes). */
export const TEST_WEBHOOK_SECRET = 'whsec_YXRlbGllci1pYSB0ZXN0IHdlYmhvb2sga2V5IDMyYnk=';

/**
 * Configuration for tests: no static site, quiet, limits (per client, per network, notifications)
 * high enough not to interfere (the storage reserve keeps its default), and a proof of work of two attempts at most (test/proof.ts solves
 * real challenges; the server still verifies every one).
 */
export function testConfig(env: Record<string, string> = {}): ServerConfig {
  return loadServerConfig({
    STATIC_DIR: join(tmpdir(), 'no-static-site-here'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_CONTACT: '10000/60',
    RATE_LIMIT_NEWSLETTER: '10000/60',
    RATE_LIMIT_CHALLENGE: '10000/60',
    RATE_LIMIT_LINKS: '10000/60',
    PROOF_OF_WORK_ATTEMPTS: '2',
    SUBMISSIONS_PER_NETWORK_PER_DAY: '100000000',
    NOTIFICATIONS_PER_MINUTE: '100000',
    NOTIFICATIONS_PER_NETWORK_PER_HOUR: '100000',
    CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '100000',
    ...env,
  });
}

/** A real pino logger (same settings as production) writing into memory. */
export function captureLogs(): { logger: Logger; text(): string; lines(): Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger({ level: 'info', destination: sink });
  const text = () => chunks.join('');
  return {
    logger,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/**
 * Runs one statement on a test storage by its own driver (not through the code under test), e.g. to
 * make a row older than the test could wait for. `?` placeholders on both engines.
 */
export async function storageQuery(env: Record<string, string>, text: string, values: unknown[] = []): Promise<void> {
  await storageRows(env, text, values);
}

/** The same, for a query that returns rows (a SELECT, or a statement with RETURNING). */
export async function storageRows<Row = Record<string, unknown>>(env: Record<string, string>, text: string, values: unknown[] = []): Promise<Row[]> {
  if (!env.DATABASE_URL) {
    const { default: BetterSqlite3 } = await import('better-sqlite3');
    const database = new BetterSqlite3(env.SQLITE_PATH!);
    try {
      const statement = database.prepare(text);
      if (statement.reader) return statement.all(...values) as Row[];
      statement.run(...values);
      return [];
    } finally {
      database.close();
    }
  }
  const { Client } = await import('pg');
  const client = new Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    let n = 0;
    const result = await client.query(
      text.replace(/\?/g, () => `$${++n}`),
      values,
    );
    return result.rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * Everything a test storage holds, to search for what must not be there (a visitor's address or
 * browser string): the SQLite file and its write-ahead log byte for byte, or every row of every
 * table of the PostgreSQL database as text, with the tables' names (`where`: a condition on some
 * tables' rows, to leave out what another part keeps on purpose).
 */
export async function storedBytes(env: Record<string, string>, where: Record<string, string> = {}): Promise<{ bytes: Buffer; tables: string[] }> {
  if (!env.DATABASE_URL) {
    const { readFile } = await import('node:fs/promises');
    const files = await Promise.all([env.SQLITE_PATH!, `${env.SQLITE_PATH!}-wal`].map((file) => readFile(file).catch(() => Buffer.alloc(0))));
    return { bytes: Buffer.concat(files), tables: [] };
  }
  const { Client } = await import('pg');
  const client = new Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public'");
    const texts: string[] = [];
    for (const { tablename } of tables) {
      const { rows } = await client.query<{ row: string }>(
        `select t::text as row from "${tablename}" t ${where[tablename] ? `where ${where[tablename]}` : ''}`,
      );
      texts.push(...rows.map(({ row }) => row));
    }
    return { bytes: Buffer.from(texts.join('\n')), tables: tables.map(({ tablename }) => tablename) };
  } finally {
    await client.end();
  }
}
