/**
 * vitest globalSetup of the `server` project: one real PostgreSQL for the whole run.
 * Each test file creates its own database on it (see createDatabase in ./postgres.ts).
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test server's `postgres` database. */
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('pgAdminUrl', server.adminUrl);
  // vitest calls this teardown also when tests fail; the watchdog in startPostgres covers kills.
  return () => server.stop();
}
