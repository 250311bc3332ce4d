import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig, { PREACT_THROUGH_ALIASES } from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          // As a browser bundle resolves them (lucide-react's "node" build would require React itself).
          resolve: { conditions: ['module', 'browser', 'development|production'] },
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['src/web/**/*.test.{ts,tsx}', 'src/contracts/**/*.test.ts', 'src/config/**/*.test.ts'],
            setupFiles: ['./test/setup-dom.ts'],
            // Run through Vite so that their imports of 'react' reach Preact, as in the build.
            server: { deps: { inline: PREACT_THROUGH_ALIASES } },
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
            globalSetup: ['./test/global-postgres.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['e2e/**/*.test.ts'],
            globalSetup: ['./e2e/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
