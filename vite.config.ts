import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileHints } from './scripts/lib/compile-hints.ts';
import { copyAtBuild } from './scripts/lib/copy-at-build.ts';
import { loadSiteConfig } from './src/config/site-schema.ts';

// Public site configuration is parsed once here and inlined into the bundle and the prerendered HTML.
const siteConfig = loadSiteConfig(process.env);

/**
 * sonner injects its stylesheet at run time through a <style> element, which a strict
 * Content-Security-Policy (no 'unsafe-inline' styles) blocks. index.css imports the same
 * stylesheet as a file instead, so the injection is removed here.
 */
function sonnerStylesFromCss(): Plugin {
  return {
    name: 'sonner-styles-from-css',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const stripped = code.replace(/__insertCSS\("(?:[^"\\]|\\.)*"\)/, '');
      if (stripped === code) this.error('sonner no longer calls __insertCSS("..."): check how it injects its styles');
      return { code: stripped, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), sonnerStylesFromCss(), copyAtBuild(), compileHints()],
  define: {
    __SITE_CONFIG__: JSON.stringify(siteConfig),
  },
  // The forms' proof-of-work solver (src/web/lib/proof-of-work/solver.worker.ts) is a bundle of its own.
  worker: { format: 'es' },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The first screen's modules that the sections below import as well go in one chunk
          // ('$initial': reached by the entry's static imports). Left to itself, Rolldown keeps them
          // out of the entry (a section importing the entry would be a cycle) and gives each set of
          // importers its own chunk: many modules, a dozen of them under 1 KB. With this group a
          // page starts 4 (e2e/page-weight.test.ts), and the larger file compresses better
          // (docs/performance.md).
          groups: [{ name: 'first-screen-shared', tags: ['$initial'], minShareCount: 2 }],
        },
      },
    },
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: {
      polyfill: false,
      // A dynamic import (a section below the fold, the voice SDK) fetches its chunk, then the
      // chunks that one imports: no <link rel=modulepreload> per chunk added at run time, which cost
      // a 4x slower phone 15-55 ms of script in the task that wanted a section (an idle callback, or
      // a scroll), to save one round trip for a section not on screen yet. The entry's preloads in
      // the HTML stay (scripts/prerender.ts starts them after the first paint).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // scripts/prerender.ts reads it to preload each page's language chunk, then deletes it.
    manifest: true,
  },
});
