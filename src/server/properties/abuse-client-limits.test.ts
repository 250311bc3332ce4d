import { describe, expect, it } from 'vitest';
import { proofFrom } from '../../../test/proof';
import { instancesClosedAfterEach } from '../../../test/instances';
import { ENGINES, storageRows } from '../../../test/storage';
import { isCounterOf } from '../store';
import { contact, post, stored } from '../../../test/abuse';

/** The per-client limits (RATE_LIMIT_CONTACT): an IPv6 /64 is one client, counted in the database, shared by every instance. */

const instances = instancesClosedAfterEach();

describe('per-address limits with several instances on one PostgreSQL', () => {
  it('one address alternating between two instances stores no more than its limit', async () => {
    const { servers } = await instances('postgres', { RATE_LIMIT_CONTACT: '5/600' });
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const { app } = servers[i % 2]!;
      answers.push(await post(app, { ...contact(`alt-${i}`), altcha: await proofFrom(app, '203.0.113.77') }, '203.0.113.77'));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    for (const limited of answers.slice(5)) expect(Number(limited.headers['retry-after'])).toBeGreaterThan(590);
    expect(await stored(servers[0]!.store)).toBe(5);
  });
});

describe.each(ENGINES)('per-client limits on %s', (engine) => {
  it('count an IPv6 /64 as one client: another address of the same /64 is limited with it, the next /64 is not; no address is kept', async () => {
    const { servers, env } = await instances(engine, { RATE_LIMIT_CONTACT: '5/600' }, 1);
    const { app } = servers[0]!;
    const send = async (from: string, i: number) => (await post(app, { ...contact(`v6-${i}`), altcha: await proofFrom(app, from) }, from)).statusCode;
    for (let i = 1; i <= 5; i++) expect(await send(`2001:db8:1:2::${i}`, i)).toBe(201);
    expect(await send('2001:db8:1:2:ffff:ffff:ffff:ffff', 6)).toBe(429);
    expect(await send('2001:db8:1:3::1', 7)).toBe(201);
    // The counts are kept under a keyed hash of the client, not its address.
    const keys = (await storageRows<{ key: string }>(env, 'select key from rate_counters')).map((row) => row.key);
    // Two clients' challenges and posts, and their network's challenges (one /48).
    expect(keys.filter((key) => isCounterOf('client', key))).toHaveLength(5);
    expect(keys.filter((key) => /2001:0?db8|::/.test(key) && isCounterOf('client', key))).toEqual([]);
  });
});

describe('per-client limits on SQLite, where they were counted in memory', () => {
  it("cannot be reset by spraying: 5,100 requests from other /64s leave a client's count as it was", async () => {
    // The counters are the database's now: commits on a RAM disk keep 5,100 requests to seconds.
    const { servers } = await instances('sqlite', { RATE_LIMIT_CONTACT: '5/600' }, 1, { inMemoryDisk: true });
    const { app } = servers[0]!;
    // Posts without a proof are cheap to send, and each counts toward its client's limit.
    const bare = (from: string) => post(app, contact('spray'), from);
    for (let i = 0; i < 5; i++) expect((await bare('2001:db8:5:1::1')).statusCode).toBe(400);
    // One request each from 5,100 other clients: more than the in-memory store kept (5,000), which
    // forgot the least recent to make room and so gave this client a fresh window.
    for (let i = 0; i < 5_100; i++) await bare(`2001:db8:6:${i.toString(16)}::1`);
    const after = await bare('2001:db8:5:1::1');
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(500);
  });
});
