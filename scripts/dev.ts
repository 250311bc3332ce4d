/**
 * `npm run dev [-- --port N] [-- --config FILE]`: the developer's loop, on http://127.0.0.1:N/
 * (`--port`, else PORT, else 5173; a port asked for is taken or the command fails). The page with hot
 * reload, rendered on the server for each request exactly as the build prerenders it (the same
 * React tree and template, src/web/app/entry-server.tsx), so the browser hydrates the same page
 * the build serves; and the API, the real server app (src/server/app.ts) in this process on a
 * loopback port of its own, to which the page's /api and /newsletter requests are passed: the
 * forms work, against the database SQLITE_PATH or DATABASE_URL names.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type Plugin, createServer } from 'vite';
import { ConfigError, loadServerConfig } from '../src/server/core/config';
import { buildApp } from '../src/server/app';
import { LOCALES } from '../src/contracts/locales';
import { PAGE_IDS, pagePath } from '../src/web/lib/pages';
import { withConfigFile } from './lib/cli';
import { fillTemplate } from './prerender';
import { REPO_ROOT } from './lib/server-bundle';

type ServerEntry = typeof import('../src/web/app/entry-server');

/** Path → the page and language served there ('/fr/' → home in French). */
const PAGES = new Map(PAGE_IDS.flatMap((page) => LOCALES.map((locale) => [pagePath(page, locale), { page, locale }] as const)));

/** Renders the pages on each request with Vite's module graph, so an edit shows at the next load. */
function renderedPages(): Plugin {
  return {
    name: 'atelier-ia:rendered-pages',
    configureServer(vite) {
      async function servePage(request: IncomingMessage & { originalUrl?: string }, response: ServerResponse, next: (error?: unknown) => void) {
        const url = request.originalUrl ?? request.url ?? '/';
        const target = PAGES.get(url.split('?', 1)[0]!);
        if (!target || request.method !== 'GET') return next();
        const entry = (await vite.ssrLoadModule('/src/web/app/entry-server.tsx')) as ServerEntry;
        const rendered = await entry.render(target.locale, target.page);
        const template = await vite.transformIndexHtml(url, await readFile(join(REPO_ROOT, 'index.html'), 'utf8'));
        // The sections' estimated heights, which the build inlines with its critical CSS.
        const html = fillTemplate(template, rendered, entry.bootScript).replace('</head>', `<style>${rendered.css}</style></head>`);
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(html);
      }
      // After Vite's own middlewares: its modules and files first, then the pages.
      return () => {
        vite.middlewares.use((request, response, next) => {
          servePage(request, response, next).catch((error: unknown) => {
            if (error instanceof Error) vite.ssrFixStacktrace(error);
            next(error);
          });
        });
      };
    },
  };
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}

const args = withConfigFile(process.argv.slice(2));
if (!args) process.exit(1);
let config;
try {
  config = loadServerConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const unknown = args.filter((arg, i) => arg !== '--port' && args[i - 1] !== '--port');
const port = option(args, '--port') ?? (process.env.PORT?.trim() || undefined);
if (unknown.length > 0 || (port !== undefined && !/^\d{1,5}$/.test(port))) {
  console.error(
    `${unknown.length > 0 ? `unexpected arguments: ${unknown.join(' ')}` : `--port: expected a port number, got ${port}`}\nUsage: npm run dev [-- --port N] [-- --config FILE]   (PORT=N npm run dev also sets the port; default 5173)`,
  );
  process.exit(2);
}

// The API on a port of its own; its request log only when asked (LOG_LEVEL), Vite's output is enough.
const api = await buildApp({ config: { ...config, logLevel: process.env.LOG_LEVEL ? config.logLevel : 'warn' }, staticSite: false });
const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 });
const vite = await createServer({
  appType: 'custom',
  plugins: [renderedPages()],
  server: {
    host: '127.0.0.1',
    port: port === undefined ? 5173 : Number(port),
    strictPort: port !== undefined,
    proxy: { '/api': apiUrl, '/newsletter': apiUrl },
  },
});
await vite.listen();
vite.printUrls();
console.log(`  ➜  API:     ${apiUrl} (${config.databaseUrl ? 'PostgreSQL' : `SQLite, ${config.sqlitePath}`})`);

const stop = async () => {
  await vite.close();
  await api.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
