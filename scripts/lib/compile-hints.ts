/**
 * V8's explicit compile hints (Chrome 136+, https://v8.dev/blog/explicit-compile-hints): a script
 * that begins with this comment has all its functions compiled on a background thread while it
 * streams in, instead of each being compiled on the main thread the first time it runs. The first
 * screen's chunks (the entry with React DOM, its static imports, the chunks each page preloads:
 * ./first-screen.ts) run most of the functions they hold while the page hydrates, so that
 * compilation would be main-thread work inside the hydration tasks; hinted, it happens off the main
 * thread while they stream in (the script time it saves, measured with npm run bench:compare:
 * docs/performance.md).
 *
 * Every other chunk is left as it is: the sections below the first screen, the forms' contract
 * check, the voice SDK, the proof-of-work solver. Most of their code never runs during the load
 * (a form's check runs when it is sent, the SDK serves one call), and compiling all of it up front
 * takes the phone's time while the page loads (docs/performance.md, "What each technique measured").
 */
import type { Plugin } from 'vite';
import { ALL_FIRST_SCREEN_SOURCES } from './first-screen.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle: {
      // Last: after minification, which would drop the comment, and after Vite's own rewrites of
      // the chunks (with run-time preloading on, it puts a preload map, __vite__mapDeps, at the top
      // of a chunk; vite.config.ts turns that off): the comment must be the script's first line.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        type Chunk = (typeof chunks)[number];
        const starts = (chunk: Chunk) => chunk.isEntry || ALL_FIRST_SCREEN_SOURCES.some((source) => chunk.facadeModuleId?.endsWith(`/${source}`));
        const firstScreen = new Set<Chunk>();
        const visit = (chunk: Chunk | undefined) => {
          if (!chunk || firstScreen.has(chunk)) return;
          firstScreen.add(chunk);
          for (const imported of chunk.imports) visit(byName.get(imported));
        };
        for (const chunk of chunks) if (starts(chunk)) visit(chunk);
        for (const chunk of firstScreen) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}
