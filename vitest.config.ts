import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      reporters: ['default', './test/retried-reporter.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['src/web/**/*.test.{ts,tsx}', 'src/content/**/*.test.ts', 'src/contracts/**/*.test.ts', 'src/config/**/*.test.ts', 'docs/**/*.test.ts'],
            setupFiles: ['./test/setup-dom.ts'],
            // One module graph per worker, not one per file: these files only render components and
            // call functions, and loading React, jsdom and the copy again for each of them was most of
            // their time. What a test changes outside its modules is undone before the next, whatever
            // file it is in: the document, storage and timers (test/setup-dom.ts) and stubbed globals
            // (unstubGlobals). They pass in any order (--sequence.shuffle).
            isolate: false,
            unstubGlobals: true,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['src/server/**/*.test.ts', 'src/assistants/**/*.test.ts', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
            globalSetup: ['./test/global-server-build.ts', './test/global-postgres.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // Many of these wait on real clocks (a minute's notifications, an hour's window, a lock's
            // expiry): one that fails is tried once more, and npm test names it (see e2e below).
            retry: 1,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['e2e/**/*.test.ts'],
            globalSetup: ['./test/global-server-build.ts', './e2e/global-setup.ts'],
            // A timeout is for a test that hangs, not a slow machine: many tests load a page per
            // language, width or theme, and on a machine twice as slow as usual some take a minute.
            testTimeout: 180_000,
            hookTimeout: 120_000,
            // A page that waits on a proof of work or a server can take seconds on a busy CI machine:
            // expect.poll waits as long as Playwright's own waits do (its default is 1 s).
            expect: { poll: { timeout: 30_000 } },
            // A browser test failed by a busy machine's timing (a page, a server and Chromium share two
            // cores with the other worker's) is tried once more; npm test names under its summary every
            // test that passed only on its second try (test/retried-reporter.ts), so none goes unseen.
            retry: 1,
          },
        },
      ],
    },
  }),
);
