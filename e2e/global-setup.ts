import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../scripts/build';
import { startServer } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server serving the test build, with SQLite storage. */
    baseUrl: string;
    sqlitePath: string;
    /** The test build (no voice-agent key configured). */
    staticDir: string;
  }
}

export const E2E_DIR = resolve('.tmp/e2e');

/** Builds the site once with the default (fictional) configuration and serves it with the real server. */
export default async function setup(project: TestProject) {
  await rm(E2E_DIR, { recursive: true, force: true });
  await mkdir(E2E_DIR, { recursive: true });
  const staticDir = join(E2E_DIR, 'dist');
  const sqlitePath = join(E2E_DIR, 'leads.sqlite');

  const saved = { ...process.env };
  // The page states the deployment's choices (its database, whether call transcripts are kept): the
  // ones of the server below, SQLite and none, whatever this shell has set.
  for (const key of Object.keys(process.env)) {
    if (key.startsWith('VAPI_') || key.startsWith('SITE_') || key === 'DATABASE_URL' || key === 'VOICE_LEAD_TRANSCRIPT') delete process.env[key];
  }
  try {
    await buildSite(staticDir, { quiet: true });
  } finally {
    process.env = saved;
  }

  const server = await startServer({
    STATIC_DIR: staticDir,
    SQLITE_PATH: sqlitePath,
    DATABASE_URL: '',
    // The browser tests submit many forms from one address (one network); the limits have their own tests.
    RATE_LIMIT_CONTACT: '1000/600',
    RATE_LIMIT_NEWSLETTER: '1000/600',
    RATE_LIMIT_CHALLENGE: '10000/600',
    SUBMISSIONS_PER_NETWORK_PER_DAY: '100000',
  });
  project.provide('baseUrl', server.url);
  project.provide('sqlitePath', sqlitePath);
  project.provide('staticDir', staticDir);

  return async () => {
    await server.stop();
  };
}
