/**
 * The proof of work of the forms, for `npm run bench`: how long the page's own solver
 * takes, and what one accepted post costs an attacker on this machine.
 *
 * - In Chromium, as Lighthouse's phone with the CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`),
 *   the build's solver worker (`assets/solver.worker-*.js`, what the forms start on first focus)
 *   solves challenges of the production server. CDP slows the page's thread only: a dedicated
 *   worker refuses it ("Operation is only supported for pages, not workers", Chromium 156), and
 *   the work itself (WebCrypto PBKDF2) runs natively in it. So a CPU 4× slower is also given as 4×
 *   the worker's time with no slowdown: the figure the work factor is chosen by (≤ about 1 s).
 * - The attacker: challenges of the same server solved in Node with its native PBKDF2 (the same
 *   derivation, one call per counter), in every order an attacker could pick: counting up from 0
 *   (as the page does), down from the top, from the middle outwards, in a random order, and split
 *   across all cores. The counter to find is drawn uniformly (src/server/core/proof-of-work.ts), so no
 *   order should be cheaper: each is measured in attempts and in CPU time (process.cpuUsage, every
 *   thread included) per accepted post.
 * - The ratio: the attacker's CPU per accepted post (its cheapest order) over the visitor's time per
 *   post in the page's worker with no slowdown, both means over the same kind of challenges, so at
 *   the same work factor. Near 1: the proof costs everyone the same per core.
 */
import { pbkdf2Sync } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Worker as Thread } from 'node:worker_threads';
import type { Challenge } from 'altcha-lib';
import type { Page } from 'playwright-core';
import { CHALLENGE_PATH } from '../../../src/contracts/proof-of-work';
import { median } from './figures';
import { load, withSlowedPage } from './long-task';

/** Challenges solved per reading in the page: the first of the attacker's. */
const SOLVES = 15;
/** Challenges the attacker solves in each order (more than the page: each one's cost is a uniform draw). */
const ATTACKER_SOLVES = 40;

export const ATTACKER_ORDERS = ['ascending', 'descending', 'middle-out', 'random', 'all cores'] as const;
export type AttackerOrder = (typeof ATTACKER_ORDERS)[number];

export type ProofFigures = {
  /** Median solve in the page's worker, the page's CPU slowed 4× (ms). */
  pageThrottled: number;
  /** Median solve in the page's worker with no slowdown (ms); ×4: a CPU 4× slower. */
  page: number;
  /** Mean solve in the page's worker with no slowdown: elapsed (ms), CPU time (ms, Chromium's renderer) and attempts. */
  pageMean: number;
  pageCpu: number;
  pageAttempts: number;
  /** Per order: mean attempts and mean CPU time (ms, all threads) per accepted post, native PBKDF2 in Node. */
  attacker: Record<AttackerOrder, { attempts: number; cpuMs: number; wallMs: number }>;
  /**
   * The attacker's CPU time per post over the visitor's, on the same challenges (counting up, as the
   * page does; the other orders' attempts show none is cheaper). CPU time, not elapsed time: on a
   * busy machine the two wait for a core differently, but the work each does is what is compared.
   */
  ratio: number;
};

/** `maxAttempts`: the server's PROOF_OF_WORK_ATTEMPTS, the range an attacker would soon read off its challenges' solutions. */
export async function measureProofOfWork(siteUrl: string, distDir: string, maxAttempts: number): Promise<ProofFigures> {
  const worker = (await readdir(join(distDir, 'assets'))).find((file) => /^solver\.worker-[\w-]+\.js$/.test(file));
  if (!worker) throw new Error(`no solver.worker-*.js in ${distDir}/assets: the forms' proof of work is not in the build`);
  const fetchChallenge = async () => (await (await fetch(new URL(CHALLENGE_PATH, siteUrl))).json()) as Challenge;
  const challenges = await Promise.all(Array.from({ length: ATTACKER_SOLVES }, fetchChallenge));
  const shared = challenges.slice(0, SOLVES);
  const inPage = async (rate: number) =>
    withSlowedPage('mobile', async (page, cdp) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await load(page, siteUrl);
      const cpuBefore = await rendererCpuMs(page);
      const solves = await page.evaluate(
        async ({ workerUrl, given }) => {
          const solver = new Worker(workerUrl, { type: 'module' });
          const runs: Array<{ ms: number; attempts: number }> = [];
          for (const [id, challenge] of given.entries()) {
            const started = performance.now();
            const answer = await new Promise<{ payload?: string; error?: string }>((resolve) => {
              solver.addEventListener('message', (event: MessageEvent) => resolve(event.data as { payload?: string; error?: string }), { once: true });
              // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker's postMessage has no target origin
              solver.postMessage({ id, challenge });
            });
            if (!answer.payload) throw new Error(`the solver failed: ${answer.error}`);
            const { solution } = JSON.parse(atob(answer.payload)) as { solution: { counter: number } };
            runs.push({ ms: performance.now() - started, attempts: solution.counter + 1 });
          }
          solver.terminate();
          return runs;
        },
        // The same challenges as the attacker's first ones (unspent: the worker only solves them).
        { workerUrl: `/assets/${worker}`, given: shared },
      );
      return { runs: solves, cpuMs: (await rendererCpuMs(page)) - cpuBefore };
    });
  const attacker = {} as ProofFigures['attacker'];
  for (const order of ATTACKER_ORDERS) attacker[order] = await attack(challenges, order, maxAttempts);
  const throttled = await inPage(4);
  const sameChallenges = await attack(shared, 'ascending', maxAttempts);
  const unthrottled = await inPage(1);
  const pageCpu = unthrottled.cpuMs / unthrottled.runs.length;
  return {
    pageThrottled: median(throttled.runs.map((run) => run.ms)),
    page: median(unthrottled.runs.map((run) => run.ms)),
    pageMean: mean(unthrottled.runs.map((run) => run.ms)),
    pageCpu,
    pageAttempts: mean(unthrottled.runs.map((run) => run.attempts)),
    attacker,
    ratio: sameChallenges.cpuMs / pageCpu,
  };
}

/** CPU time (ms) Chromium's renderer processes have used, the page's worker among them (CDP's SystemInfo, from the browser). */
async function rendererCpuMs(page: Page): Promise<number> {
  const session = await page.context().browser()!.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; cpuTime: number }> };
    return processInfo.filter((process) => process.type === 'renderer').reduce((sum, process) => sum + process.cpuTime * 1000, 0);
  } finally {
    await session.detach();
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The counters to try, in the attacker's order; the range is the server's (an attacker would learn it). */
function counters(order: Exclude<AttackerOrder, 'all cores'>, max: number): number[] {
  const all = Array.from({ length: max }, (_, i) => i);
  if (order === 'ascending') return all;
  if (order === 'descending') return all.toReversed();
  if (order === 'middle-out') {
    const middle = Math.floor(max / 2);
    return all.map((i) => (i % 2 === 0 ? middle + i / 2 : middle - (i + 1) / 2)).filter((counter) => counter >= 0 && counter < max);
  }
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

/** The work one counter is: altcha-lib's password (nonce, then the counter as a 32-bit big-endian integer), PBKDF2-SHA-256. */
function tries(challenge: Challenge) {
  const { nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  const saltBytes = Buffer.from(salt, 'hex');
  const password = Buffer.concat([Buffer.from(nonce, 'hex'), Buffer.alloc(4)]);
  return (counter: number) => {
    password.writeUInt32BE(counter, password.length - 4);
    return pbkdf2Sync(password, saltBytes, cost, keyLength, 'sha256').toString('hex').startsWith(keyPrefix);
  };
}

/** Mean attempts and CPU time per accepted post over `challenges`, in one order. */
async function attack(challenges: Challenge[], order: AttackerOrder, max: number): Promise<{ attempts: number; cpuMs: number; wallMs: number }> {
  let attempts = 0;
  const before = process.cpuUsage();
  const started = performance.now();
  for (const challenge of challenges) {
    if (order === 'all cores') {
      attempts += await inParallel(challenge, max);
      continue;
    }
    const attempt = tries(challenge);
    for (const counter of counters(order, max)) {
      attempts++;
      if (attempt(counter)) break;
    }
  }
  const used = process.cpuUsage(before);
  return {
    attempts: attempts / challenges.length,
    cpuMs: (used.user + used.system) / 1000 / challenges.length,
    wallMs: (performance.now() - started) / challenges.length,
  };
}

/** One challenge solved by one thread per core, each taking every n-th counter; the attempts all of them made. */
async function inParallel(challenge: Challenge, max: number): Promise<number> {
  const threads = Math.max(2, cpus().length);
  const shared = new Int32Array(new SharedArrayBuffer(4 * (threads + 1)));
  const workers = Array.from(
    { length: threads },
    (_, index) => new Thread(PARALLEL_SOLVER, { eval: true, workerData: { challenge, max, index, threads, shared } }),
  );
  await Promise.all(workers.map((thread) => new Promise((resolve, reject) => thread.once('exit', resolve).once('error', reject))));
  return shared.slice(1).reduce((sum, count) => sum + count, 0);
}

/** A worker thread's loop: its share of the counters until one thread finds the key (shared[0] set). */
const PARALLEL_SOLVER = `
const { workerData } = require('node:worker_threads');
const { pbkdf2Sync } = require('node:crypto');
const { challenge, max, index, threads, shared } = workerData;
const { nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
const saltBytes = Buffer.from(salt, 'hex');
const password = Buffer.concat([Buffer.from(nonce, 'hex'), Buffer.alloc(4)]);
for (let counter = index; counter < max && Atomics.load(shared, 0) === 0; counter += threads) {
  password.writeUInt32BE(counter, password.length - 4);
  Atomics.add(shared, index + 1, 1);
  if (pbkdf2Sync(password, saltBytes, cost, keyLength, 'sha256').toString('hex').startsWith(keyPrefix)) Atomics.store(shared, 0, 1);
}
`;

/** One line of what was measured, for the bench's progress log. */
export function proofSummary(proof: ProofFigures): string {
  const orders = ATTACKER_ORDERS.map((order) => `${order} ${Math.round(proof.attacker[order].cpuMs)} ms/${Math.round(proof.attacker[order].attempts)}`).join(
    ', ',
  );
  return (
    `proof of work: visitor median ${Math.round(proof.page)} ms (×4: ${Math.round(proof.page * 4)} ms; CDP 4× ${Math.round(proof.pageThrottled)} ms), ` +
    `mean ${Math.round(proof.pageMean)} ms (CPU ${Math.round(proof.pageCpu)} ms)/${Math.round(proof.pageAttempts)} attempts; attacker CPU per post and attempts: ${orders}; ratio ${proof.ratio.toFixed(2)}`
  );
}
