import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger } from 'fastify';
import { type CspExtras, readCspExtras } from '../csp';
import { appWide } from './app-wide';

/** What the front end's build left in STATIC_DIR, read once at start-up. */
export type StaticSite = {
  root: string;
  /** From csp.json (hashes of the page's inline scripts and styles). */
  cspExtras: CspExtras;
  /** The contents of 404.html, if the build made one. */
  notFoundPage: Buffer | undefined;
};

export function inspectStaticSite(root: string, log: FastifyBaseLogger): StaticSite | undefined {
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    log.warn({ staticDir: root }, 'static directory not found: serving the API only (run `npm run build`)');
    return undefined;
  }
  const csp = readCspExtras(root);
  if (csp.problem) log.error({ staticDir: root }, csp.problem);
  const notFoundPath = join(root, '404.html');
  return {
    root,
    cspExtras: csp.extras,
    notFoundPage: existsSync(notFoundPath) ? readFileSync(notFoundPath) : undefined,
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built site. Files under /assets/ have a content hash in their name and never change:
 * browsers keep them for a year. Everything else (HTML, csp.json, favicon...) must be revalidated
 * on every visit so a new deployment shows at once. `.br`/`.gz` siblings made by the build are
 * sent to browsers that accept them.
 */
export const staticPlugin = appWide<{ root: string }>(async (app, { root }) => {
  const assetsDir = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    cacheControl: false,
    // /fr → 301 /fr/, and /fr/ serves /fr/index.html.
    redirect: true,
    index: ['index.html'],
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });
});
