/**
 * `npm run bench`: how fast the home page is, against the page's budgets (docs/performance.md), printed as one table.
 *
 * Builds the site (scripts/build.ts) and a plain client-rendered build of the same page (no
 * prerender, one bundle, voice SDK included: scripts/bench/parts/plain-build.ts), serves each with the
 * real production server, and for each preset (mobile, desktop) and language runs RUNS times, ours
 * and plain in turn so that both see the same machine load: Lighthouse, then a load with the CPU
 * slowed 4× that finds the longest main-thread task (scripts/bench/parts/long-task.ts); then, on the
 * English page as Lighthouse's phone with the CPU slowed 4×, how long each control takes to paint
 * its response, right after load and after hydration (scripts/bench/parts/responsiveness.ts); and how long
 * the forms' proof of work takes, in the page and for an attacker (scripts/bench/parts/proof-of-work.ts). Each figure
 * is the median of its runs. Sizes come from scripts/lib/page-weight.ts. The ours/plain ratio is what
 * compares across machines.
 *
 * A report, not a test: these machines are noisy, so it exits 0 when a figure misses its budget,
 * non-zero only when something failed to run. Progress goes to stderr; the machine and the table to
 * stdout; the table, medians and every run to .tmp/bench/results.json. `--runs N` changes RUNS (3);
 * `--port N`: the servers on N and N+1.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../../test/server-process';
import { chromiumVersion } from '../lib/chromium';
import {
  PAGES,
  PRESETS,
  VARIANTS,
  loadKey,
  median,
  medianFigures,
  type Language,
  type LoadFigures,
  type LoadKey,
  type Preset,
  type Sizes,
  type Variant,
} from './parts/figures';
import { benchArguments } from './parts/arguments';
import { LIGHTHOUSE_VERSION, runLighthouse } from './parts/lighthouse';
import { longestTask } from './parts/long-task';
import { buildPlain, measurePlainWeight } from './parts/plain-build';
import { formatTable, tableRows, type Medians, type PageSizes, type Responses } from './parts/report';
import { measureProofOfWork, proofSummary } from './parts/proof-of-work';
import { DEFAULT_PROOF_ATTEMPTS } from '../../src/server/core/config';
import { CONTROLS, MOMENTS, responseTime } from './parts/responsiveness';
import { buildSite } from '../build';
import { buildServer } from '../lib/server-bundle';
import { measurePageWeight } from '../lib/page-weight';
import { BENCH_VOICE } from './parts/voice-env';

const args = benchArguments({
  name: 'bench',
  usage: '[--runs N] [--port N]',
  help: `How fast the home page is, against the budgets: builds the site and a plain client-rendered
build, serves each with the production server (on free ports, or --port N and N+1), and measures
each --runs times (3): Lighthouse, a 4x slower phone, each control's response, the proof of work.
Prints one table; everything in .tmp/bench/results.json. Takes about 11 minutes.`,
  options: { runs: { default: '3' }, port: {} },
});
const RUNS = args.whole('runs', 1);
const WORK = join(REPO_ROOT, '.tmp/bench');
const started = Date.now();

/** One load's figures, when its longest task started (ms after navigation: load, idle hydration or scroll?) and what its longest script was. */
type Run = LoadFigures & { longTaskAt: number; longScriptSource: string };
type Runs = Record<Variant, Record<LoadKey, Run[]>>;

function log(message: string) {
  const elapsed = Math.round((Date.now() - started) / 1000);
  process.stderr.write(`[${String(Math.floor(elapsed / 60)).padStart(2, '0')}:${String(elapsed % 60).padStart(2, '0')}] ${message}\n`);
}

async function main() {
  // Vite resolves the dependencies and the config from the repository's root.
  process.chdir(REPO_ROOT);
  // Also checks, before minutes of building, that the browser is there.
  const browser = chromiumVersion();
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  // The voice demo as the firm runs it: configured on the server (BENCH_VOICE), so "Call Me" asks
  // for a session and starts a call. The API address is a closed loopback port: the bench times the
  // button's response, not the call.
  Object.assign(process.env, { VAPI_API_BASE_URL: BENCH_VOICE.VAPI_API_BASE_URL });
  log('building the site into .tmp/bench/ours');
  await buildSite(join(WORK, 'ours'), { quiet: true });
  await buildServer();
  log('building the plain client-rendered page into .tmp/bench/plain');
  await buildPlain(join(WORK, 'plain'));
  const sizes: PageSizes = { ours: await oursWeight(), plain: await measurePlainWeight(join(WORK, 'plain')) };

  const runs = await withServers(measureLoads);
  const responses = await withServers(measureResponses);
  const proof = await withServers((servers) => measureProofOfWork(servers.ours.url, join(WORK, 'ours'), DEFAULT_PROOF_ATTEMPTS));
  log(proofSummary(proof));
  const medians = mediansOf(runs);
  const rows = tableRows(medians, sizes, responseMedians(responses), proof);
  const table = formatTable(rows);
  const machine = describeMachine(browser);
  console.log(machine.join('\n'));
  console.log();
  console.log(table);
  await writeFile(
    join(WORK, 'results.json'),
    `${JSON.stringify({ machine, lighthouse: LIGHTHOUSE_VERSION, runs: RUNS, table, readmeTable: formatTable(rows, { padded: false }), rows, medians, sizes, everyRun: runs, everyResponse: responses }, null, 2)}\n`,
  );
  log(`done; results in .tmp/bench/results.json`);
}

type Servers = Record<Variant, ServerProcess>;

/** Both servers run throughout `measure`; every run measures ours, then plain, under the same conditions. */
async function withServers<T>(measure: (servers: Servers) => Promise<T>): Promise<T> {
  const servers: Partial<Servers> = {};
  try {
    for (const variant of VARIANTS) servers[variant] = await startServer(variant);
    return await measure(servers as Servers);
  } finally {
    await Promise.all(Object.values(servers).map(stopServer));
  }
}

async function measureLoads(servers: Servers): Promise<Runs> {
  const runs: Runs = { ours: emptyRuns(), plain: emptyRuns() };
  for (const preset of PRESETS) {
    for (const { language, path } of PAGES) {
      for (let run = 1; run <= RUNS; run++) {
        for (const variant of VARIANTS) {
          const figures = await measureLoad(`${servers[variant].url}${path}`, preset);
          runs[variant][loadKey(preset, language)].push(figures);
          log(`${variant} ${preset} ${language} run ${run}/${RUNS}: ${summary(figures)}`);
        }
      }
    }
  }
  return runs;
}

/** Every response time measured, per variant, control and moment (ms). */
type ResponseRuns = Record<Variant, Record<string, number[]>>;

async function measureResponses(servers: Servers): Promise<ResponseRuns> {
  const runs: ResponseRuns = { ours: {}, plain: {} };
  for (const control of CONTROLS) {
    for (const moment of MOMENTS) {
      for (let run = 1; run <= RUNS; run++) {
        for (const variant of VARIANTS) {
          const time = await responseTime(`${servers[variant].url}/`, control, moment);
          (runs[variant][`${control}, ${moment}`] ??= []).push(time);
          log(`${variant} response of ${control}, ${moment}, run ${run}/${RUNS}: ${time} ms`);
        }
      }
    }
  }
  return runs;
}

function responseMedians(runs: ResponseRuns): Responses {
  const of = (variant: Variant) =>
    Object.fromEntries(
      CONTROLS.map((control) => [control, Object.fromEntries(MOMENTS.map((moment) => [moment, median(runs[variant][`${control}, ${moment}`]!)]))]),
    ) as Responses[Variant];
  return { ours: of('ours'), plain: of('plain') };
}

async function measureLoad(url: string, preset: Preset): Promise<Run> {
  const lighthouse = await runLighthouse(url, preset);
  const task = await longestTask(url, preset);
  return { ...lighthouse, longTask: task.duration, longTaskAt: task.start, longScript: task.script, longScriptSource: task.scriptSource };
}

function emptyRuns(): Record<LoadKey, Run[]> {
  return Object.fromEntries(PRESETS.flatMap((preset) => PAGES.map(({ language }) => [loadKey(preset, language), []]))) as unknown as Record<LoadKey, Run[]>;
}

function mediansOf(runs: Runs): Medians {
  const of = (variant: Variant) =>
    Object.fromEntries(Object.entries(runs[variant]).map(([key, figures]) => [key, medianFigures(figures)])) as Record<LoadKey, LoadFigures>;
  return { ours: of('ours'), plain: of('plain') };
}

function summary(run: Run): string {
  const { performance, accessibility, bestPractices, seo, lcp, tbt, cls, longTask, longTaskAt, longScript, longScriptSource } = run;
  const scores = `scores ${performance}/${accessibility}/${bestPractices}/${seo}`;
  return `${scores}, LCP ${lcp.toFixed(2)} s, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}, longest task ${longTask} ms at ${(longTaskAt / 1000).toFixed(1)} s, longest script ${longScript} ms (${longScriptSource})`;
}

/** The production server on this build, with its own SQLite file (DATABASE_URL unset). */
async function startServer(variant: Variant): Promise<ServerProcess> {
  const port = args.port(VARIANTS.indexOf(variant));
  const server = await startServerProcess({
    ...(port ? { PORT: String(port) } : {}),
    ...BENCH_VOICE,
    STATIC_DIR: join(WORK, variant),
    SQLITE_PATH: join(WORK, `data-${variant}`, 'leads.sqlite'),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Every run's form interactions, and the proof-of-work reading, ask for challenges from here.
    RATE_LIMIT_CHALLENGE: '100000/600',
  });
  log(`${variant}: production server at ${server.url}`);
  return server;
}

async function stopServer(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const kill = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
  server.child.kill('SIGTERM');
  await server.exited;
  clearTimeout(kill);
}

async function oursWeight(): Promise<Record<Language, Sizes>> {
  const weights = await measurePageWeight(join(WORK, 'ours'));
  const sizes = {} as Record<Language, Sizes>;
  for (const { language, file } of PAGES) {
    const weight = weights.find((page) => page.file === file);
    if (!weight) throw new Error(`scripts/lib/page-weight.ts measured no ${file}`);
    sizes[language] = { initialJs: weight.initialJs, css: weight.css, html: weight.firstScreenHtml };
  }
  return sizes;
}

function describeMachine(browser: string): string[] {
  const cores = cpus();
  return [
    `Machine: ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${cores.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB RAM`,
    `Node ${process.version}, ${browser}, Lighthouse ${LIGHTHOUSE_VERSION}`,
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; median of ${RUNS} runs per figure; took ${Math.round((Date.now() - started) / 60_000)} min`,
  ];
}

await main();
