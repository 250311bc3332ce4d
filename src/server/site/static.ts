import { closeSync, existsSync, openSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RateLimit } from '../core/config';
import { type CspExtras, readCspExtras } from '../core/csp';
import { routeRateLimit } from '../core/plugins/rate-limit';
import fp from 'fastify-plugin';
import type { NotFoundPages } from '../core/plugins/errors';

/** What the front end's build left in STATIC_DIR, read once at start-up. */
export type StaticSite = {
  root: string;
  /** From csp.json (hashes of the page's inline scripts and styles). */
  cspExtras: CspExtras;
  /** The site's 404 pages: 404.html, and each language's in its folder (fr/404.html). */
  notFoundPages: NotFoundPages;
  /** Whether the site is still there: false once its folder or its index.html is gone (the liveness probe says so). */
  present(): boolean;
  /** Lets go of the folder (when the app closes). */
  release(): void;
};

export type { NotFoundPages };

/**
 * `configured` may lead through a symbolic link (/opt/atelier-ia/current/dist, switched by
 * `npm run release`): it is resolved once, here, so the server serves the release it started
 * with, its files with its own Content-Security-Policy, until it is restarted. The folder is held
 * open while the server runs: `npm run release` finds it among this process's open files
 * (/proc/<pid>/fd) and never deletes a release a running server serves.
 */
export function inspectStaticSite(configured: string, log: FastifyBaseLogger): StaticSite | undefined {
  if (!existsSync(configured) || !statSync(configured).isDirectory()) {
    log.warn({ staticDir: configured }, 'static directory not found: serving the API only (run `npm run build`)');
    return undefined;
  }
  const root = realpathSync(configured);
  const csp = readCspExtras(root);
  if (csp.problem) log.error({ staticDir: root }, csp.problem);
  const held = openSync(root, 'r');
  const index = join(root, 'index.html');
  return {
    root,
    cspExtras: csp.extras,
    notFoundPages: readNotFoundPages(root),
    present: () => existsSync(index),
    release: () => closeSync(held),
  };
}

function readNotFoundPages(root: string): NotFoundPages {
  const pages: NotFoundPages = new Map();
  const folders = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'assets');
  for (const folder of ['', ...folders.map((entry) => entry.name)]) {
    const path = join(root, folder, '404.html');
    if (existsSync(path)) pages.set(folder, readFileSync(path));
  }
  return pages;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built site. Files under /assets/ have a content hash in their name and never change:
 * browsers keep them for a year. Everything else (HTML, csp.json, favicon...) must be revalidated
 * on every visit so a new deployment shows at once. `.br`/`.gz` siblings made by the build are
 * sent to browsers that accept them.
 */
export const staticPlugin = fp<{ root: string; formRateLimit: RateLimit }>(
  async (app, { root, formRateLimit }) => {
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
    await app.register(formsSentWithoutScript, { root, rateLimit: formRateLimit });
  },
  { name: 'static' },
);

/** A contact message is at most 5,000 characters; what a browser sends for a form is far under this. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * A form sent by a browser without JavaScript. The page's forms post to the page they are on, to
 * their own #fragment; with JavaScript they never do, the page sends JSON to the API. Without it,
 * the body is read and dropped (the API takes JSON only, which also keeps other sites' forms from
 * posting to it) and the browser is sent back to the page with a 303: it keeps the fragment and
 * shows the form, which then says it needs JavaScript. Nothing a visitor typed ends up in an
 * address, the history or a log. Its own scope: the API keeps refusing form bodies (415).
 * Limited per client address like the contact API: each post makes the server read a body.
 */
async function formsSentWithoutScript(app: FastifyInstance, { root, rateLimit }: { root: string; rateLimit: RateLimit }) {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, undefined),
  );
  app.post('/*', { config: { rateLimit: routeRateLimit(rateLimit) } }, async (request, reply) => {
    const path = sameOriginPath(request.url.split('?', 1)[0]!);
    if (!isPage(root, path)) return reply.callNotFound();
    return reply.redirect(path, 303);
  });
}

/**
 * `//fr/` names the page /fr/ here, but as a Location it is the address of the host `fr`, and
 * browsers read `\` as `/`: the path is sent back with every run of slashes made one.
 */
function sameOriginPath(path: string): string {
  return path.replace(/[/\\]+/g, '/');
}

/** `/`, `/fr/`, `/privacy/`...: a folder of the site with an index.html (nothing that leaves it). */
function isPage(root: string, path: string): boolean {
  if (!path.endsWith('/') || path.split('/').some((segment) => segment === '..' || segment.includes('%'))) return false;
  return existsSync(join(root, path, 'index.html'));
}
