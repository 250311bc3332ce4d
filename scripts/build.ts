/**
 * Production build (`npm run build`): the site, that is the client bundle (vite), a throw-away
 * server-render bundle, then the prerendered HTML (scripts/prerender.ts); and the server, compiled
 * into dist-server/ (scripts/lib/server-bundle.ts). `OUT_DIR` chooses the site's folder (default
 * dist/), so tests can build with their own configuration without touching the real build.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { IDENTITY_VARIABLES, ConfigError as SiteConfigError, loadSiteConfig, placeholderSettings } from '../src/config/site-schema';
import { ConfigError as ServerConfigError, loadServerConfig } from '../src/server/core/config';
import { ConfigFileError, applyConfigFile } from './lib/config-file';
import { buildServer } from './lib/server-bundle';
import { prerender } from './prerender';

/** The throw-away server-render bundle's home: inside the checkout, so that it finds React in
 * node_modules wherever OUT_DIR is (a folder outside the checkout, for `bench:compare`). */
const SSR_PARENT = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));

export async function buildSite(outDir = resolve(process.env.OUT_DIR ?? 'dist'), options: { quiet?: boolean } = {}) {
  await mkdir(SSR_PARENT, { recursive: true });
  const ssrDir = await mkdtemp(join(SSR_PARENT, 'ssr-'));
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

/** The site's and the server's settings, checked: one line per bad variable, or undefined. */
function configurationProblems(env: NodeJS.ProcessEnv): string | undefined {
  const problems = [loadSiteConfig, loadServerConfig].flatMap((load) => {
    try {
      load(env);
      return [];
    } catch (error) {
      if (error instanceof SiteConfigError || error instanceof ServerConfigError) return [error.message];
      throw error;
    }
  });
  // The server's check includes the site's: each bad variable is said once.
  return problems.length > 0 ? [...new Set(problems)].join('\n') : undefined;
}

/**
 * Reads `--config` and `--verbose`, then checks the configuration before anything is built: the
 * site's and the server's, one line per bad variable, no stack trace (so `npm start` stops in a
 * second, not after a build). Refuses a production build (NODE_ENV=production, as
 * deploy/env.example sets it) that would show the fictional defaults; any other build is told
 * that it uses them (the warning to print once the build is done). `productionProblem`: what else
 * a production build must refuse (the release's Node.js version). Exits 1 on a problem.
 */
export function checkConfiguration(
  argv: string[],
  productionProblem: () => string | undefined = () => undefined,
): { warning: string | undefined; verbose: boolean; rest: string[] } {
  let rest: string[];
  try {
    rest = applyConfigFile(argv);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const problems = configurationProblems(process.env);
  if (problems) {
    console.error(problems);
    process.exit(1);
  }
  const verbose = rest.includes('--verbose');
  rest = rest.filter((arg) => arg !== '--verbose');
  const placeholders = placeholderSettings(process.env);
  const production = process.env.NODE_ENV === 'production';
  const refused = production ? productionProblem() : undefined;
  if (refused) console.error(`Refusing a production build (NODE_ENV=production): ${refused}`);
  if (placeholders.length === 0) {
    if (refused) process.exit(1);
    return { warning: undefined, verbose, rest };
  }
  if (production) {
    const list = placeholders.map((line) => `  ${line}`).join('\n');
    console.error(
      `Refusing a production build (NODE_ENV=production) with the firm's identity left as placeholders:\n${list}\n` +
        'Set them in the configuration file (deploy/env.example names every variable) and build again.',
    );
    process.exit(1);
  }
  const names = placeholders.map((line) => line.slice(0, line.indexOf(':')));
  const which = names.length === IDENTITY_VARIABLES.length ? 'no SITE_* identity variable is set' : names.join(', ');
  const warning =
    `WARNING: a trial build, with fictional contact details (${which}).\n` +
    '  Set them (deploy/env.example) before the site goes live; with NODE_ENV=production the build refuses.';
  return { warning, verbose, rest };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const { warning, verbose, rest } = checkConfiguration(process.argv.slice(2));
  if (rest.length > 0) {
    console.error(`unexpected arguments: ${rest.join(' ')}\nUsage: npm run build [-- --config FILE] [-- --verbose]`);
    process.exit(2);
  }
  const outDir = resolve(process.env.OUT_DIR ?? 'dist');
  const [summary, server] = await Promise.all([buildSite(outDir, { quiet: !verbose }), buildServer()]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (verbose) console.log(`${summary}\nserver: ${server.files.length} files (${(server.bytes / 1024).toFixed(0)} KiB with source maps) in dist-server/`);
  console.log(`Built in ${seconds} s: the site into ${relative(process.cwd(), outDir) || '.'}/, the server into dist-server/ (--verbose for details).`);
  if (warning) console.warn(warning);
}
