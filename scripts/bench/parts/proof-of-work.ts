/**
 * The proof of work of the forms (issue 27), for `npm run bench`: how long the page's own solver
 * takes, and what one accepted post costs an attacker on this machine.
 *
 * - In Chromium, as Lighthouse's phone with the CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`),
 *   the build's solver worker (`assets/solver.worker-*.js`, what the forms start on first focus)
 *   solves challenges of the production server. CDP slows the page's thread only: a dedicated
 *   worker refuses it ("Operation is only supported for pages, not workers", Chromium 156), and
 *   the work itself (WebCrypto PBKDF2) runs natively in it. So a CPU 4× slower is also given as 4×
 *   the worker's time with no slowdown: the figure the work factor is chosen by (≤ about 1 s).
 * - The attacker: the same challenges solved in Node by altcha-lib with Node's native PBKDF2, one
 *   core, one after the other: the time one accepted post costs.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHALLENGE_PATH } from '../../../src/contracts/proof-of-work';
import { median } from './figures';
import { load, withSlowedPage } from './long-task';

/** Challenges solved per reading. */
const SOLVES = 15;

export type ProofFigures = {
  /** Median solve in the page's worker, the page's CPU slowed 4× (ms). */
  pageThrottled: number;
  /** Median solve in the page's worker with no slowdown (ms); ×4: a CPU 4× slower. */
  page: number;
  /** Median solve by a native solver in Node, one core (ms): an accepted post's cost to an attacker. */
  attacker: number;
};

export async function measureProofOfWork(siteUrl: string, distDir: string): Promise<ProofFigures> {
  const worker = (await readdir(join(distDir, 'assets'))).find((file) => /^solver\.worker-[\w-]+\.js$/.test(file));
  if (!worker) throw new Error(`no solver.worker-*.js in ${distDir}/assets: the forms' proof of work is not in the build`);
  const inPage = async (rate: number) =>
    withSlowedPage('mobile', async (page, cdp) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await load(page, siteUrl);
      const times = await page.evaluate(
        async ({ workerUrl, path, solves }) => {
          const solver = new Worker(workerUrl, { type: 'module' });
          const durations: number[] = [];
          for (let id = 1; id <= solves; id++) {
            const challenge: unknown = await (await fetch(path, { cache: 'no-store' })).json();
            const started = performance.now();
            const answer = await new Promise<{ payload?: string; error?: string }>((resolve) => {
              solver.addEventListener('message', (event: MessageEvent) => resolve(event.data as { payload?: string; error?: string }), { once: true });
              // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker's postMessage has no target origin
              solver.postMessage({ id, challenge });
            });
            if (!answer.payload) throw new Error(`the solver failed: ${answer.error}`);
            durations.push(performance.now() - started);
          }
          solver.terminate();
          return durations;
        },
        { workerUrl: `/assets/${worker}`, path: CHALLENGE_PATH, solves: SOLVES },
      );
      return median(times);
    });
  const attacker: number[] = [];
  for (let i = 0; i < SOLVES; i++) {
    const challenge = (await (await fetch(new URL(CHALLENGE_PATH, siteUrl))).json()) as Challenge;
    const started = performance.now();
    if (!(await solveChallenge({ challenge, deriveKey }))) throw new Error('altcha-lib did not solve the challenge');
    attacker.push(performance.now() - started);
  }
  return { pageThrottled: await inPage(4), page: await inPage(1), attacker: median(attacker) };
}
