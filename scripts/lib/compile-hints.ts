/**
 * V8's explicit compile hints (Chrome 136+, https://v8.dev/blog/explicit-compile-hints): a script
 * that begins with this comment has all its functions compiled on a background thread while it
 * streams in, instead of each being compiled on the main thread the first time it runs. The page's
 * own chunks run most of the functions they hold while it hydrates (React DOM, the first screen,
 * each section as it comes), so that compilation was main-thread work inside the hydration tasks:
 * under React 19, the page's main-thread script time while it loads and hydrates on a 4× slower
 * phone went from 322 to 266 ms (medians of 6 interleaved loads, npm run bench:compare).
 *
 * The voice SDK is left as it is: most of its code never runs (it loads on intent, then serves one
 * call), so compiling all of it up front would only waste the phone's time and memory.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Chunks holding the voice SDK (@vapi-ai/web and the Daily client it brings). */
const SDK_MODULE = /[\\/]node_modules[\\/](?:@vapi-ai|@daily-co)[\\/]/;

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
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && !file.moduleIds.some((id) => SDK_MODULE.test(id))) file.code = `${COMPILE_HINT}\n${file.code}`;
        }
      },
    },
  };
}
