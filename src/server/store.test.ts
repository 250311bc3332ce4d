import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestStorage, freshStorage, testConfig } from '../../test/storage';
import { type Store, StoreUnavailableError, createStore, normalizeEmail } from './store';

describe.each(ENGINES)('store on %s', (engine) => {
  let storage: TestStorage;
  let store: Store;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    store = await createStore(testConfig(storage.env));
  });
  afterAll(async () => {
    await store.close();
    await storage.dispose();
  });

  it('uses the engine the configuration asks for', () => {
    expect(store.engine).toBe(engine);
  });

  it('re-opens an up-to-date database without re-running migrations', async () => {
    const applied: unknown[] = [];
    const log = { info: (fields: unknown) => applied.push(fields), warn: () => undefined };
    const again = await createStore(testConfig(storage.env), log);
    await again.close();
    expect(applied).toEqual([]);
  });

  it('lets exactly one of many simultaneous sign-ups of the same address through', async () => {
    const variants = Array.from({ length: 20 }, (_, i) => (i % 2 ? ' Race@Example.com' : 'race@EXAMPLE.com '));
    const results = await Promise.all(variants.map((email) => store.insertNewsletter({ email })));
    expect(results.filter((result) => result === 'created')).toHaveLength(1);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(19);
    expect((await store.listNewsletter()).filter((row) => normalizeEmail(row.email) === 'race@example.com')).toHaveLength(1);
  });

  it('keeps unusual text exactly, minus control characters', async () => {
    const text = `Émilie 👋 «guillemets» 'quotes' "double" ; DROP TABLE contact_submissions; -- \u202e\t${'é'.repeat(5000)}\r\nend`;
    await store.insertContact({ name: 'Ñandú', email: 'n@example.com', phone: '+1 (418) 555-0100 poste 12', message: `\u0000${text}\u001b[31m\u0007` });
    const row = (await store.listContacts()).at(-1);
    expect(row).toMatchObject({ name: 'Ñandú', phone: '+1 (418) 555-0100 poste 12', message: `${text}[31m`, company: null });
  });

  it('fails with StoreUnavailableError after close, and close is idempotent', async () => {
    const other = await createStore(testConfig(storage.env));
    await other.close();
    await other.close();
    await expect(other.insertContact({ name: 'a', email: 'a@b.co', phone: '5145550100', message: 'm' })).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(other.insertNewsletter({ email: 'closed@example.com' })).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await other.health()).toMatchObject({ status: 'unreachable' });
  });
});
