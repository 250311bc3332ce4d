/**
 * Compiles the server for production: src/server/server.ts and everything it imports, npm
 * packages included, into dist-server/, so it runs as `node dist-server/server.js` with no
 * TypeScript loader; and the admin commands beside it (scripts/admin.ts → admin.js), sharing
 * its chunks. Bundled and minified, the server answers first sooner and idles in less memory than
 * run through tsx or compiled with its packages left in node_modules (`npm run bench:server`,
 * docs/performance.md): V8 keeps every loaded module's source text, and one file resolves faster
 * than hundreds.
 *
 * - better-sqlite3 stays in node_modules (a native addon), and so does pg-native (pg's optional
 *   native binding, never installed here).
 * - Modules imported with import() (the PostgreSQL driver, nodemailer, react-dom/server) become
 *   chunks of their own, loaded only by a server configured to use them, or once it needs them.
 * - Identifiers are kept, so a stack trace still names its functions; a source map sits beside
 *   each file for `node --enable-source-maps` (not loaded otherwise).
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_OUT_DIR = join(REPO_ROOT, 'dist-server');
/** What `npm run serve` and the systemd unit run. */
export const SERVER_ENTRY = join(SERVER_OUT_DIR, 'server.js');
/** The admin commands (scripts/admin.ts), run on a deployed server by deploy/atelier-ia. */
export const ADMIN_ENTRY = join(SERVER_OUT_DIR, 'admin.js');
const ENTRY_POINTS = { server: join(REPO_ROOT, 'src/server/server.ts'), admin: join(REPO_ROOT, 'scripts/admin.ts') };

const NATIVE_PACKAGES = ['better-sqlite3', 'pg-native'];

/** Bundled CommonJS packages call require(); an ES module has none until we make one. */
const REQUIRE_SHIM = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

const isEntry = (path: string) => Object.keys(ENTRY_POINTS).some((name) => basename(path).startsWith(`${name}.js`));

/**
 * Builds into `outDir` (default dist-server/). Each file is written beside its final name and
 * renamed into place, chunks before the entry that imports them, so a server starting meanwhile
 * reads either the old build or the new one, never half a file. Files of older builds are removed.
 */
export async function buildServer(outDir = SERVER_OUT_DIR): Promise<{ files: string[]; bytes: number }> {
  // One build per entry: chunks shared by the server and the admin commands would cost the server
  // idle memory (docs/performance.md), where separate builds cost the admin commands only disk space.
  const results = await Promise.all(Object.entries(ENTRY_POINTS).map(([name, path]) => bundle(outDir, { [name]: path })));
  const outputs = results.flat().sort((a, b) => Number(isEntry(a.path)) - Number(isEntry(b.path)));
  for (const file of outputs) {
    await mkdir(resolve(file.path, '..'), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  const current = new Set(outputs.map((file) => file.path));
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    // Another build's files in flight end in .tmp.
    if (entry.isFile() && !current.has(path) && !path.endsWith('.tmp')) await rm(path, { force: true });
  }
  return { files: outputs.map((file) => file.path), bytes: outputs.reduce((sum, file) => sum + file.contents.length, 0) };
}

async function bundle(outDir: string, entryPoints: Record<string, string>) {
  const result = await build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: NATIVE_PACKAGES,
    // React picks its development or production build by NODE_ENV when it is first required: the
    // JSX runtime at start-up, react-dom/server at the first page (src/server/core/html.ts). The
    // admin commands read NODE_ENV from their --config file in between, and elements of one build
    // given to the other's renderer fail ("dispatcher.getOwner is not a function"). Compiled, the
    // server and the commands always run React's production build (the development one is left
    // out of the bundle). No other code of the bundle reads process.env.NODE_ENV.
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: REQUIRE_SHIM },
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    write: false,
  });
  return result.outputFiles;
}
