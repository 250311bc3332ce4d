/**
 * `npm run bench:server [-- --runs N] [--port N]`: the compiled server's start-up and memory against its
 * budgets (scripts/lib/server-figures.ts), on the existing build (`npm run build` first if there
 * is none). Each run starts `node dist-server/server.js` on a SQLite database a first, uncounted
 * run created, times the first 200 on `/` from the process's start (and the CPU time it took),
 * leaves it idle 5 s and reads its resident memory. Prints the median, min and max of each
 * figure. A report: it exits 0 when a figure misses; the browser suite gates the budgets (time
 * through CPU time, which a loaded machine hardly moves).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../test/server-process';
import { SERVER_ENTRY } from '../lib/server-bundle';
import { SERVER_BUDGETS, type StartFigures, measureServerStart } from '../lib/server-figures';
import { benchArguments } from './parts/arguments';

const args = benchArguments({
  name: 'bench:server',
  usage: '[--runs N] [--port N]',
  help: `The compiled server's start-up (first 200 on /, and its CPU time) and idle memory against their
budgets, on the existing build (npm run build first), the median of N runs (--runs, 5). Each run
starts node dist-server/server.js on a free port, or on --port N.`,
  options: { runs: { default: '5' }, port: {} },
});
const runs = args.whole('runs', 1);
const port = args.port(0);

const staticDir = join(REPO_ROOT, 'dist');
if (!existsSync(SERVER_ENTRY) || !existsSync(join(staticDir, 'index.html'))) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

const dir = await mkdtemp(join(tmpdir(), 'bench-server-'));
const env = { STATIC_DIR: staticDir, SQLITE_PATH: join(dir, 'leads.sqlite'), ...(port ? { PORT: String(port) } : {}) };
const figures: StartFigures[] = [];
try {
  await measureServerStart(env); // creates the database; not counted
  for (let run = 1; run <= runs; run++) {
    figures.push(await measureServerStart(env));
    process.stderr.write(`run ${run}/${runs}\n`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const sorted = (pick: (figure: StartFigures) => number) => figures.map(pick).sort((a, b) => a - b);
const median = (sortedValues: number[]) => sortedValues[Math.floor((sortedValues.length - 1) / 2)]!;
const rows = [
  { figure: 'First 200 on / after process start', budget: SERVER_BUDGETS.firstAnswerMs, values: sorted((f) => f.firstAnswerMs), unit: 'ms', digits: 0 },
  { figure: 'CPU time used by then', budget: undefined, values: sorted((f) => f.startCpuMs), unit: 'ms', digits: 0 },
  { figure: 'Idle resident memory (RSS)', budget: SERVER_BUDGETS.idleRssMb, values: sorted((f) => f.idleRssMb), unit: 'MB', digits: 1 },
];
// Wall time moves with whatever else the machine runs; CPU time hardly does.
console.log(`node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; node dist-server/server.js on SQLite; ${runs} runs`);
console.log('| figure | budget | median | min | max | result |');
console.log('|:--|--:|--:|--:|--:|--:|');
for (const row of rows) {
  const show = (value: number) => `${value.toFixed(row.digits)} ${row.unit}`;
  const mid = median(row.values);
  const [budget, result] = row.budget === undefined ? ['–', '–'] : [`≤ ${row.budget} ${row.unit}`, mid <= row.budget ? 'pass' : 'miss'];
  console.log(`| ${row.figure} | ${budget} | ${show(mid)} | ${show(row.values[0]!)} | ${show(row.values.at(-1)!)} | ${result} |`);
}
