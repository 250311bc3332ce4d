/**
 * Production build (`npm run build`): the site, that is the client bundle (vite), a throw-away
 * server-render bundle, then the prerendered HTML (scripts/prerender.ts); and the server, compiled
 * into dist-server/ (scripts/lib/server-bundle.ts). `OUT_DIR` chooses the site's folder (default
 * dist/), so tests can build with their own configuration without touching the real build.
 */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { ConfigError, loadSiteConfig, placeholderSettings } from '../src/config/site-schema';
import { ConfigFileError, applyConfigFile } from './lib/config-file';
import { buildServer } from './lib/server-bundle';
import { prerender } from './prerender';

export async function buildSite(outDir = resolve(process.env.OUT_DIR ?? 'dist'), options: { quiet?: boolean } = {}) {
  const ssrDir = `${outDir}-ssr`;
  const logLevel = options.quiet ? 'warn' : 'info';
  // Test runners set NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel, mode: 'production', build: { outDir, emptyOutDir: true } });
    await build({ logLevel, mode: 'production', build: { ssr: 'src/web/app/entry-server.tsx', outDir: ssrDir, emptyOutDir: true } });
    return await prerender(outDir, join(ssrDir, 'entry-server.js'));
  } finally {
    process.env.NODE_ENV = nodeEnv;
    await rm(ssrDir, { recursive: true, force: true });
  }
}

/**
 * Reads `--config`, checks the site's configuration before anything is built (one line per bad
 * variable, no stack trace), and refuses a production build (NODE_ENV=production, as
 * deploy/env.example sets it) that would show the fictional defaults; any other build says loudly
 * that it used them. Returns the warning to repeat after the build, if any.
 */
function checkConfiguration(argv: string[]): string | undefined {
  try {
    applyConfigFile(argv);
    loadSiteConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof ConfigFileError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const placeholders = placeholderSettings(process.env);
  if (placeholders.length === 0) return undefined;
  const list = placeholders.map((line) => `  ${line}`).join('\n');
  if (process.env.NODE_ENV === 'production') {
    console.error(`Refusing a production build (NODE_ENV=production) with the firm's identity left as placeholders:\n${list}\n` +
      'Set them in the configuration file (deploy/env.example names every variable) and build again.');
    process.exit(1);
  }
  const warning = `WARNING: this build shows fictional contact details, for a trial only:\n${list}\n` +
    'Set them (deploy/env.example) before the site goes live; with NODE_ENV=production the build refuses.';
  console.warn(warning);
  return warning;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const warning = checkConfiguration(process.argv.slice(2));
  const [summary, server] = await Promise.all([buildSite(), buildServer()]);
  console.log(summary);
  console.log(`server: ${server.files.length} files (${(server.bytes / 1024).toFixed(0)} KiB with source maps) in dist-server/`);
  // Repeated last, where the eye lands once the build is done.
  if (warning) console.warn(`\n${warning}`);
}
