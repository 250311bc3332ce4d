import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { SERVER_BUDGETS, measureServerStart } from '../scripts/lib/server-figures';

/**
 * The compiled server's budgets, measured as `npm run bench:server` does, once, on the test build.
 * Memory is gated at its budget: it hardly moves with the machine's load. Start-up time is printed
 * here and judged by `npm run bench:server` on a quiet machine: neither its wall time nor its CPU
 * time holds still on a busy, shared machine (docs/performance.md).
 */
it('the compiled server answers / with 200 once started, and idles within its memory budget', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'server-budgets-'));
  try {
    const figures = await measureServerStart({ STATIC_DIR: inject('staticDir'), SQLITE_PATH: join(dir, 'leads.sqlite') });
    console.info(`first 200 after ${figures.firstAnswerMs.toFixed(0)} ms (${figures.startCpuMs} ms of CPU); idle RSS ${figures.idleRssMb.toFixed(1)} MB`);
    expect(figures.idleRssMb).toBeLessThanOrEqual(SERVER_BUDGETS.idleRssMb);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
