/**
 * `npm run bench:lead-size`: how many bytes of disk one stored lead takes, on each engine, so that
 * docs/security.md can say what filling the disk would take (networks, days, CPU). Each engine
 * stores LEADS contact requests through the store, as the form's route does, with both
 * notification channels configured (a lead plus one pending job per channel, each holding a copy),
 * and the database's growth is divided by LEADS:
 * - typical: a lead as people send them (a few hundred characters);
 * - largest: every field at its limit, in characters of three UTF-8 bytes, random so that nothing
 *   compresses (PostgreSQL compresses long values): what an attacker filling the disk would send;
 * each measured while its notifications are pending and once they are delivered (a job keeps a
 * row but drops its copy).
 * SQLite: the file and its WAL after a checkpoint; PostgreSQL: pg_database_size, after VACUUM
 * (whose space a delivered job's copy leaves is reused, not given back to the disk).
 */
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { CONTACT_LIMITS } from '../../src/contracts/contact';
import { EMAIL_MAX } from '../../src/contracts/fields';
import { type StorageConfig, type Store, createStore } from '../../src/server/store';
import { createDatabase, startPostgres } from '../../test/postgres';

const LEADS = 400;
const NOTIFY = {
  email: { smtpUrl: 'smtp://127.0.0.1:9', to: ['leads@firm.example'], from: 'site@firm.example' },
  webhook: { url: 'http://127.0.0.1:9/hook', secret: 'unused' },
  newsletter: false,
};
const CAPS = { submissionsPerNetworkPerDay: 1_000_000, storageReserveBytes: 0, notificationsPerNetworkPerHour: 1_000_000 };

/** `length` characters of three UTF-8 bytes each (CJK), random: incompressible. */
const wide = (length: number) => Array.from({ length }, () => String.fromCodePoint(0x4e00 + randomInt(0x5000))).join('');

const LEAD_KINDS = {
  typical: (i: number) => ({
    name: 'Marie Tremblay',
    phone: '+1 514-555-0142',
    email: `marie.tremblay${i}@example.com`,
    company: 'Boulangerie Les Amis',
    message: 'Bonjour, nous recevons environ 200 appels par jour et aimerions un agent vocal pour les réservations. Pouvez-vous nous rappeler mardi?',
    locale: 'fr',
    page: '/fr/',
  }),
  largest: (i: number) => ({
    name: wide(CONTACT_LIMITS.name),
    phone: `+1 514 555 ${String(i).padStart(4, '0')} poste 123456`.slice(0, CONTACT_LIMITS.phone),
    email: `${'x'.repeat(EMAIL_MAX - 20 - String(i).length)}${i}@example-domain.com`,
    company: wide(CONTACT_LIMITS.company),
    message: wide(CONTACT_LIMITS.message),
    locale: 'fr',
    page: `/fr/${'p'.repeat(190)}`,
  }),
};
type Kind = keyof typeof LEAD_KINDS;

type Engine = { name: string; config: StorageConfig; size(): Promise<number>; done(): Promise<void> };

async function measure(engine: Engine, kind: Kind): Promise<{ pending: number; delivered: number }> {
  const store: Store = await createStore(engine.config);
  try {
    const before = await engine.size();
    for (let i = 0; i < LEADS; i++) await store.insertContact({ ...LEAD_KINDS[kind](i), network: `10.${i % 250}.0.0/24` });
    const pending = await engine.size();
    await engine.done();
    const delivered = await engine.size();
    return { pending: (pending - before) / LEADS, delivered: (delivered - before) / LEADS };
  } finally {
    await store.close();
  }
}

const work = await mkdtemp(join(tmpdir(), 'lead-size-'));
const postgres = await startPostgres();
const rows: string[] = [];
try {
  for (const kind of Object.keys(LEAD_KINDS) as Kind[]) {
    const sqlitePath = join(work, `${kind}.sqlite`);
    const sqlite: Engine = {
      name: 'SQLite',
      config: { sqlitePath, databaseUrl: undefined, notifications: NOTIFY, caps: CAPS },
      async size() {
        const { default: BetterSqlite3 } = await import('better-sqlite3');
        const database = new BetterSqlite3(sqlitePath);
        database.pragma('wal_checkpoint(TRUNCATE)');
        database.close();
        const sizes = await Promise.all(
          [sqlitePath, `${sqlitePath}-wal`].map((file) =>
            stat(file).then(
              (info) => info.size,
              () => 0,
            ),
          ),
        );
        return sizes.reduce((sum, size) => sum + size, 0);
      },
      async done() {
        const { default: BetterSqlite3 } = await import('better-sqlite3');
        const database = new BetterSqlite3(sqlitePath);
        database.prepare("update delivery_jobs set status = 'done', payload = null").run();
        database.close();
      },
    };
    const database = await createDatabase(postgres.adminUrl);
    const query = async (text: string) => {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(text)).rows as Array<Record<string, unknown>>;
      } finally {
        await client.end();
      }
    };
    const pg: Engine = {
      name: 'PostgreSQL',
      config: { sqlitePath: '', databaseUrl: database.url, notifications: NOTIFY, caps: CAPS },
      async size() {
        await query('vacuum');
        return Number((await query('select pg_database_size(current_database()) as size'))[0]!.size);
      },
      done: async () => void (await query("update delivery_jobs set status = 'done', payload = null")),
    };
    for (const engine of [sqlite, pg]) {
      const figures = await measure(engine, kind);
      rows.push(
        `${engine.name.padEnd(10)} ${kind.padEnd(8)} ${Math.round(figures.pending).toLocaleString('en').padStart(7)} B while notifying, ${Math.round(figures.delivered).toLocaleString('en').padStart(7)} B once delivered`,
      );
    }
    await database.drop();
  }
  console.log(`Bytes of disk per stored lead (${LEADS} leads each; e-mail and webhook configured):`);
  console.log(rows.join('\n'));
} finally {
  await postgres.stop();
  await rm(work, { recursive: true, force: true });
}
