/**
 * The yardstick of scripts/bench/page.ts: the same page as a plain client-rendered app (plain-entry.tsx
 * in plain.html): no prerender, one JavaScript bundle holding every section, both languages' copy
 * and the voice SDK (Vite's code splitting is off, so dynamic imports are inlined). Built with the
 * repository's vite.config.ts (Tailwind, React, the site configuration), then given a French copy
 * at fr/index.html so both addresses exist. Also its sizes, measured simply: brotli of everything
 * it loads, which is all it has.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { brotliSize } from '../../lib/page-weight';
import { PAGES, type Language, type Sizes } from './figures';

const HTML_INPUT = 'scripts/bench/parts/plain.html';

export async function buildPlain(outDir: string): Promise<void> {
  await viteBuild(outDir);
  // The HTML lands where its input was, relative to the root: move it to the site's root.
  await rename(join(outDir, HTML_INPUT), join(outDir, 'index.html'));
  await rm(join(outDir, 'scripts'), { recursive: true, force: true });
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  if (!html.includes('<html lang="en">')) throw new Error(`${HTML_INPUT}: expected <html lang="en">`);
  await mkdir(join(outDir, 'fr'), { recursive: true });
  await writeFile(join(outDir, 'fr/index.html'), html.replace('<html lang="en">', '<html lang="fr">'));
  // One bundle, and the proof-of-work solver, which a Web Worker loads from its own file in both builds.
  const scripts = (await readdir(join(outDir, 'assets'))).filter((file) => file.endsWith('.js') && !/\.worker-[\w-]+\.js$/.test(file));
  if (scripts.length !== 1) throw new Error(`the plain build should be one bundle (and its worker), not: ${scripts.join(', ') || 'none'}`);
}

async function viteBuild(outDir: string) {
  // As in scripts/build.ts: a NODE_ENV=test would make Vite bundle development builds.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: resolve('vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: {
        outDir,
        emptyOutDir: true,
        manifest: false,
        // One bundle is the point: no warning about its size.
        chunkSizeWarningLimit: 100_000,
        rolldownOptions: { input: resolve(HTML_INPUT), output: { codeSplitting: false } },
      },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** Per language: brotli bytes of the scripts and stylesheets each page names, and of the whole page. */
export async function measurePlainWeight(outDir: string): Promise<Record<Language, Sizes>> {
  const sizes = {} as Record<Language, Sizes>;
  for (const { language, file } of PAGES) {
    const html = await readFile(join(outDir, file), 'utf8');
    const assets = [...new Set([...html.matchAll(/["']\/(assets\/[^"']+\.(?:js|css))["']/g)].map((match) => match[1]!))];
    const total = async (extension: string) => {
      let bytes = 0;
      for (const asset of assets.filter((name) => name.endsWith(extension))) bytes += brotliSize(await readFile(join(outDir, asset)));
      return bytes;
    };
    sizes[language] = { initialJs: await total('.js'), css: await total('.css'), html: brotliSize(html) };
  }
  return sizes;
}
