import { execFile } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { proofFrom } from '../../../test/proof';
import { captureLogs, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { createStore } from '../store';
import { contact, post, stored } from '../../../test/abuse';

/** A disk nearly full: new leads are refused until space is freed, whoever sends them. */

const exec = promisify(execFile);

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup().catch(() => undefined);
});

describe('the storage reserve (STORAGE_RESERVE), on a real disk', () => {
  it("below it new leads get 503 and the page's phone, one warning a minute; space freed, they are taken again", async () => {
    // A 4 MB disk of its own (tmpfs: mounting needs root, as the whole suite has, scripts/test.sh).
    const dir = await mkdtemp(join(tmpdir(), 'reserve-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await exec('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir]).catch((error: Error) => {
      throw new Error(`this test mounts a 4 MB tmpfs and needs root (as scripts/test.sh runs): ${error.message}`);
    });
    cleanups.push(() => exec('umount', ['-l', dir]));
    const sqlitePath = join(dir, 'leads.sqlite');
    const config = testConfig({ SQLITE_PATH: sqlitePath, STORAGE_RESERVE: '2MB' });
    const logs = captureLogs();
    const store = await createStore(config, logs.logger);
    const app = await buildApp({ config, store, logger: logs.logger });
    cleanups.push(
      () => store.close(),
      () => app.close(),
    );
    expect((await post(app, { ...contact('room'), altcha: await proofFrom(app) })).statusCode).toBe(201);

    // Fill the disk until less than the reserve is left (the database itself still has room).
    const free = async () => {
      const stats = await statfs(dir);
      return stats.bavail * stats.bsize;
    };
    const filler = join(dir, 'filler');
    await writeFile(filler, Buffer.alloc((await free()) - 1024 * 1024, 1));
    expect(await free()).toBeLessThan(2 * 1024 * 1024);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await post(app, { ...contact(`full-${i}`), altcha: await proofFrom(app, `198.51.100.${i + 10}`) }, `198.51.100.${i + 10}`));
    for (const answer of answers)
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
    expect(await stored(store)).toBe(1);
    const warnings = logs.lines().filter((line) => String(line.msg).startsWith('limit reached: STORAGE_RESERVE'));
    expect(warnings.map((line) => [line.level, line.count, line.reserveBytes])).toEqual([[40, 1, 2 * 1024 * 1024]]);
    expect(logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);

    await rm(filler);
    expect((await post(app, { ...contact('freed'), altcha: await proofFrom(app) })).statusCode).toBe(201);
    expect(await stored(store)).toBe(2);
  });
});
