/**
 * vitest globalSetup of the `server` and `e2e` projects: compiles the server once per run, so the
 * tests that start it as a process run what production runs, `node dist-server/server.js`.
 */
import { buildServer } from '../scripts/lib/server-bundle';

export default async function setup() {
  await buildServer();
}
