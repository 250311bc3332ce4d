import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Names every test that passed only when tried again (the server and browser projects' `retry`,
 * vitest.config.ts), one line each at the end of the run, which `scripts/test.sh` repeats under its
 * summary: a retry keeps a busy machine's stray timing from failing the run, never from being seen.
 */
export default class RetriedReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    for (const module of modules) {
      for (const test of module.children.allTests('passed')) {
        const retries = test.diagnostic()?.retryCount ?? 0;
        if (retries > 0) console.log(`passed on try ${retries + 1}: ${relative(process.cwd(), module.moduleId)} > ${test.fullName}`);
      }
    }
  }
}
