/**
 * `npm run bench:proof [-- --attempts N] [--site DIR]`: the proof of work alone, the part of `npm run bench`
 * that says what one form post costs a visitor and an attacker (scripts/bench/parts/proof-of-work.ts),
 * without the minutes of Lighthouse: to choose PROOF_OF_WORK_ATTEMPTS. On the existing build
 * (`dist/`, or DIR; `npm run build` first if there is none), served by the production server at that work factor
 * (the default when not given). A report: it prints the figures and exits 0.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PROOF_ATTEMPTS } from '../../src/server/core/config';
import { REPO_ROOT, startServerProcess } from '../../test/server-process';
import { SERVER_ENTRY } from '../lib/server-bundle';
import { ATTACKER_ORDERS, measureProofOfWork } from './parts/proof-of-work';

const { values } = parseArgs({ options: { attempts: { type: 'string', default: String(DEFAULT_PROOF_ATTEMPTS) }, site: { type: 'string', default: 'dist' } } });
const attempts = Number(values.attempts);
if (!Number.isInteger(attempts) || attempts < 2) throw new Error('--attempts expects a whole number of 2 or more');

const staticDir = resolve(REPO_ROOT, values.site);
if (!existsSync(SERVER_ENTRY) || !existsSync(join(staticDir, 'index.html'))) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

const ms = (value: number) => `${Math.round(value)} ms`;
const dir = await mkdtemp(join(tmpdir(), 'bench-proof-'));
const server = await startServerProcess({
  STATIC_DIR: staticDir,
  SQLITE_PATH: join(dir, 'leads.sqlite'),
  DATABASE_URL: '',
  PROOF_OF_WORK_ATTEMPTS: String(attempts),
  RATE_LIMIT_CHALLENGE: '100000/600',
  LOG_LEVEL: 'warn',
});
try {
  const proof = await measureProofOfWork(server.url, staticDir, attempts);
  console.log(`${cpus()[0]?.model.trim() ?? 'CPU'} × ${cpus().length}, load average ${loadavg()[0]!.toFixed(1)}; PROOF_OF_WORK_ATTEMPTS=${attempts}`);
  console.log(
    `visitor (page's worker): median ${ms(proof.page)}, × 4 ${ms(proof.page * 4)}, with CDP's 4× ${ms(proof.pageThrottled)}; mean ${ms(proof.pageMean)} (${ms(proof.pageCpu)} of CPU) for ${Math.round(proof.pageAttempts)} attempts`,
  );
  for (const order of ATTACKER_ORDERS) {
    console.log(`attacker, ${order}: ${ms(proof.attacker[order].cpuMs)} of CPU and ${Math.round(proof.attacker[order].attempts)} attempts per accepted post`);
  }
  console.log(`attacker ÷ visitor, CPU per post on the same challenges: ${proof.ratio.toFixed(2)}`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await rm(dir, { recursive: true, force: true });
}
