/**
 * Production build (`npm run build`): the site, that is the client bundle (vite), a throw-away
 * server-render bundle, then the prerendered HTML (scripts/prerender.ts); and the server, compiled
 * into dist-server/ (scripts/lib/server-bundle.ts). `OUT_DIR` chooses the site's folder (default
 * dist/), so tests can build with their own configuration without touching the real build.
 */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'vite';
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const [summary, server] = await Promise.all([buildSite(), buildServer()]);
  console.log(summary);
  console.log(`server: ${server.files.length} files (${(server.bytes / 1024).toFixed(0)} KiB with source maps) in dist-server/`);
}
