/**
 * The French copy typeset by the build, not by the browser. `src/content/fr/first-screen.ts` and
 * `below-the-fold.ts` (with the parts of the copy it imports) apply the typography's rules
 * (src/content/typography.ts) to every string as they load: in the browser that would be a dozen
 * regular expressions over each string of the page's copy while it hydrates, on a slow phone's
 * main thread. The browser's build gets the typeset copy instead, as data
 * (`JSON.parse` of one string, the fastest literal V8 reads), and no typography code: a lighter
 * French initial JavaScript and shorter tasks while `/fr/` hydrates (docs/performance.md). The
 * prerender, `npm run dev` and the server still run the modules as written.
 */
import { isDeepStrictEqual } from 'node:util';
import { type Plugin, runnerImport } from 'vite';

/** The copy modules the browser loads that typeset their copy as they load. */
const TYPESET_IN_MODULE = /[\\/]src[\\/]content[\\/]fr[\\/](?:first-screen|below-the-fold)\.ts$/;

export function copyAtBuild(): Plugin {
  return {
    name: 'copy-at-build',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async load(id) {
      if (!TYPESET_IN_MODULE.test(id)) return null;
      const { module } = await runnerImport<Record<string, unknown>>(id, { configFile: false, logLevel: 'silent' });
      const exports = Object.entries(module);
      if (exports.length === 0) this.error(`${id} exports nothing`);
      return exports
        .map(([name, value]) => {
          const json = JSON.stringify(value);
          // Copy is data: strings, arrays and objects. Anything JSON would change (a function, undefined) stops the build.
          if (!isDeepStrictEqual(JSON.parse(json), value)) this.error(`${id}: ${name} is not plain data, it cannot be written out at build time`);
          return `export const ${name} = JSON.parse(${JSON.stringify(json)});`;
        })
        .join('\n');
    },
  };
}
