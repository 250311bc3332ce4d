import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { adminQuery, createDatabase } from '../test/postgres';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { type TestStorage, freshStorage, testConfig } from '../test/storage';
import { type Store, createStore } from '../src/server/store';
import { runBackup } from './backup';
import { CHEAP_PROOF_ENV, postWithProof } from '../test/proof';

const run = promisify(execFile);

function capture() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}
const contact = (name: string) => ({ name, email: `${name}@example.com`, phone: '+1 514-555-0142', message: `Bonjour de ${name}` });
const post = (url: string, path: string, body: Record<string, unknown>) => postWithProof(url, path, body);

/** Table → rows, from the report npm run backup prints. */
function reportedRows(output: string): Record<string, number> {
  return Object.fromEntries([...output.matchAll(/^ {2}(\w+)\s+(\d+)$/gm)].map((match) => [match[1]!, Number(match[2])]));
}

/** Table → rows of a SQLite file, counted by the engine itself. */
function countRows(file: string): Record<string, number> {
  const database = new BetterSqlite3(file, { readonly: true });
  try {
    const tables = database.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").pluck().all() as string[];
    return Object.fromEntries(tables.map((table) => [table, Number(database.prepare(`select count(*) from "${table}"`).pluck().get())]));
  } finally {
    database.close();
  }
}

async function everything(store: Store) {
  return { contacts: await store.listContacts(), newsletter: await store.listNewsletter(), secret: await store.linkSecret() };
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

describe('npm run backup on SQLite', () => {
  it('copies the database while the server writes, checks the copy, and restoring it brings the data back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const env = {
      ...CHEAP_PROOF_ENV,
      SQLITE_PATH: join(dir, 'data', 'leads.sqlite'),
      DATABASE_URL: '',
      RATE_LIMIT_CONTACT: '1000/60',
      RATE_LIMIT_NEWSLETTER: '1000/60',
    };
    let server: ServerProcess = await startServerProcess(env);
    cleanups.push(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    for (let i = 0; i < 5; i++) expect((await post(server.url, '/api/contact', contact(`before-${i}`))).status).toBe(201);
    expect((await post(server.url, '/api/newsletter', { email: 'lectrice@example.com' })).status).toBe(201);

    // The backup runs while 30 more requests are being written.
    const file = join(dir, 'leads-backup.sqlite');
    const out = capture();
    const err = capture();
    const writes = Promise.all(Array.from({ length: 30 }, (_, i) => post(server.url, '/api/contact', contact(`during-${i}`))));
    const code = await runBackup([file], env, out, err);
    expect((await writes).map((response) => response.status)).toEqual(Array(30).fill(201));
    expect({ code, err: err.text() }).toEqual({ code: 0, err: '' });
    expect(out.text()).toContain(`written to ${file}`);
    expect(out.text()).toContain('integrity_check ok');
    const rows = reportedRows(out.text());
    // The counts printed are those of the copy, table by table.
    expect(rows).toEqual(countRows(file));
    expect(rows).toMatchObject({ newsletter_subscriptions: 1, newsletter_consent_log: 1 });
    expect(rows.contact_submissions).toBeGreaterThanOrEqual(5);
    expect(rows.contact_submissions).toBeLessThanOrEqual(35);
    // It holds every lead: for its owner's eyes only.
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // Restore (docs/deploy.md): stop the server, put the copy in place of the database and
    // remove the old write-ahead log beside it, start.
    server.child.kill('SIGTERM');
    await server.exited;
    await copyFile(file, env.SQLITE_PATH);
    await rm(`${env.SQLITE_PATH}-wal`, { force: true });
    await rm(`${env.SQLITE_PATH}-shm`, { force: true });
    server = await startServerProcess(env);
    const restored = await createStore(testConfig(env));
    cleanups.push(() => restored.close());
    const data = await everything(restored);
    expect(data.contacts).toHaveLength(rows.contact_submissions!);
    expect(data.contacts.slice(0, 5).map((row) => row.name)).toEqual(['before-0', 'before-1', 'before-2', 'before-3', 'before-4']);
    expect(data.newsletter.map((row) => row.email)).toEqual(['lectrice@example.com']);
    // The restored server takes new leads.
    expect((await post(server.url, '/api/contact', contact('after-restore'))).status).toBe(201);
  });

  it('refuses to overwrite a file, to write into a missing folder, or to back up a database that is not there', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backup-args-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const storage = await freshStorage('sqlite');
    cleanups.push(() => storage.dispose());
    const store = await createStore(testConfig(storage.env));
    cleanups.push(() => store.close());
    await writeFile(join(dir, 'taken.sqlite'), 'something precious');

    const attempt = async (args: string[], env: Record<string, string> = storage.env) => {
      const out = capture();
      const err = capture();
      return { code: await runBackup(args, env, out, err), out: out.text(), err: err.text() };
    };
    expect(await attempt([join(dir, 'taken.sqlite')])).toMatchObject({ code: 2, out: '', err: expect.stringContaining('already exists') });
    expect((await stat(join(dir, 'taken.sqlite'))).size).toBe('something precious'.length);
    expect(await attempt([join(dir, 'missing', 'b.sqlite')])).toEqual({ code: 2, out: '', err: `No folder ${join(dir, 'missing')}: create it first.\n` });
    // A folder that is not there yet, as the daily backup names one: the folder is named, not its parent.
    expect(await attempt([join(dir, 'atelier-ia')])).toEqual({ code: 2, out: '', err: `No folder ${join(dir, 'atelier-ia')}: create it first.\n` });
    expect(await readdir(dir)).toEqual(['taken.sqlite']);
    expect(await attempt([])).toMatchObject({ code: 2, err: expect.stringContaining('Usage: backup <file or folder>') });
    expect(await attempt([join(dir, 'b.sqlite')], { SQLITE_PATH: join(dir, 'nothing.sqlite') })).toMatchObject({
      code: 1,
      err: expect.stringContaining('No database at'),
    });

    // A folder: a new file in it, named by the time (what the daily backup unit does).
    const named = await attempt([dir]);
    expect(named).toMatchObject({ code: 0, err: '' });
    const [, written] = /written to (\S+)/.exec(named.out) ?? [];
    expect(written).toMatch(new RegExp(`^${dir}/leads-\\d{4}-\\d\\d-\\d\\dT\\d{6}Z\\.sqlite$`));
    expect((await stat(written!)).mode & 0o777).toBe(0o600);
  });
});

describe('npm run backup on PostgreSQL', () => {
  let storage: TestStorage;

  it('runs pg_dump against the server, and pg_restore into an empty database brings every row back', async () => {
    storage = await freshStorage('postgres');
    cleanups.push(() => storage.dispose());
    const dir = await mkdtemp(join(tmpdir(), 'backup-pg-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const store = await createStore(testConfig(storage.env));
    cleanups.push(() => store.close());
    for (const name of ['Marie', 'Jean', 'Élodie']) await store.insertContact(contact(name));
    await store.insertNewsletter({ email: 'lecteur@example.com', consent: { form: 'footer', version: 'v1' } });

    const file = join(dir, 'leads.dump');
    const out = capture();
    const err = capture();
    expect({ code: await runBackup([file], storage.env, out, err), err: err.text() }).toEqual({ code: 0, err: '' });
    expect(out.text()).toContain(`pg_dump --format=custom --no-owner --no-privileges --file=${file} "$DATABASE_URL"`);
    const rows = reportedRows(out.text());
    expect(rows).toMatchObject({ contact_submissions: 3, newsletter_subscriptions: 1, newsletter_consent_log: 1 });

    // Restore (docs/deploy.md) into a new, empty database.
    const target = await createDatabase(inject('pgAdminUrl'));
    cleanups.push(() => target.drop());
    await run('pg_restore', ['--no-owner', '--no-privileges', `--dbname=${target.url}`, file]);
    const restored = await createStore(testConfig({ DATABASE_URL: target.url }));
    cleanups.push(() => restored.close());
    // Every row, and the secret of the unsubscribe links already sent.
    expect(await everything(restored)).toEqual(await everything(store));
    // The counts printed were those of the archive, table by table.
    const { rows: tables } = await adminQuery(target.url, "select table_name as name from information_schema.tables where table_schema = 'public'");
    const actual: Record<string, number> = {};
    for (const { name } of tables as Array<{ name: string }>)
      actual[name] = Number((await adminQuery(target.url, `select count(*) as n from "${name}"`)).rows[0].n);
    expect(rows).toEqual(actual);
    await restored.insertContact(contact('after-restore'));
    expect((await restored.listContacts()).map((row) => row.name)).toEqual(['Marie', 'Jean', 'Élodie', 'after-restore']);
  });
});
