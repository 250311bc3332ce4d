/**
 * `npm run bench:compare -- [--runs N] [--path /fr/] [--port N] <build dir> <build dir> ...`: is a technique
 * still paying? Build the site once as it is and once without the technique (OUT_DIR=... npm run
 * build), then compare: each build is served by the production server, and every run loads each of
 * them in turn (interleaved, so they share the machine's load) as Lighthouse's phone:
 *
 * - Lighthouse 12.8.2, mobile preset: TBT, LCP, CLS, performance score;
 * - a load with the CPU slowed 4× until `<html data-hydrated>` and 1.5 s more: the main thread's
 *   time by kind (CDP `Performance.getMetrics`: script, layout, style, all tasks), the JavaScript
 *   transferred, and the longest task (scripts/bench/parts/long-task.ts measures it the same way).
 *
 * - once per build, the JavaScript functions the page calls during the same load (V8's precise
 *   coverage with call counts, in a load of its own, as it slows the code down): a count of work
 *   that does not depend on the machine's load (two loads of one build differ by ~2 %), where the
 *   times above move by 10-15 % between runs even side by side.
 *
 * Prints each figure's median and its runs. A report: these machines are noisy, so run it when the
 * machine is otherwise idle and read medians of several runs (docs/performance.md keeps the results).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { benchArguments } from './parts/arguments';
import { median } from './parts/figures';
import { runLighthouse } from './parts/lighthouse';
import { load, withSlowedPage } from './parts/long-task';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../../test/server-process';

const METRICS = { script: 'ScriptDuration', layout: 'LayoutDuration', style: 'RecalcStyleDuration', tasks: 'TaskDuration' } as const;
type Figures = { tbt: number; lcp: number; cls: number; performance: number; jsKb: number; longestTask: number } & Record<keyof typeof METRICS, number>;

function options() {
  const args = benchArguments({
    name: 'bench:compare',
    usage: '[--runs N] [--path /fr/] [--port N] <build dir> <build dir> ...',
    help: `Is a technique still paying? Serves each build folder (OUT_DIR=... npm run build) with the
production server (on free ports, or --port N, N+1...) and loads each in turn, --runs times (4):
Lighthouse's mobile figures and a 4x slower phone's main-thread time. Prints the medians.`,
    options: { runs: { default: '4' }, path: { default: '/' }, port: {} },
    positionals: true,
  });
  if (args.positionals.length < 1) args.fail('name at least one build folder');
  const missing = args.positionals.find((dir) => !existsSync(join(dir, 'index.html')));
  if (missing) args.fail(`${missing} holds no built site (index.html)`);
  return { dirs: args.positionals, runs: args.whole('runs', 1), path: args.values.path!, port: args.port };
}

async function measure(url: string): Promise<Figures> {
  const lighthouse = await runLighthouse(url, 'mobile');
  const slowed = await withSlowedPage('mobile', async (page, cdp) => {
    let js = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) js += Number(response.headers()['content-length'] ?? 0);
    });
    await page.addInitScript(() => {
      const longest = { duration: 0 };
      Object.assign(window, { longest });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longest.duration = Math.max(longest.duration, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Performance.enable');
    await load(page, url);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, { timeout: 60_000 });
    await page.waitForTimeout(1_500);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const ms = (name: string) => Math.round((metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000);
    const longestTask = await page.evaluate(() => Math.round((window as unknown as { longest: { duration: number } }).longest.duration));
    return {
      jsKb: Math.round(js / 102.4) / 10,
      longestTask,
      ...(Object.fromEntries(Object.entries(METRICS).map(([key, name]) => [key, ms(name)])) as Record<keyof typeof METRICS, number>),
    };
  });
  return {
    tbt: Math.round(lighthouse.tbt),
    lcp: Math.round(lighthouse.lcp * 100) / 100,
    cls: Math.round(lighthouse.cls * 1000) / 1000,
    performance: lighthouse.performance,
    ...slowed,
  };
}

/** Calls of the page's functions from navigation until hydrated + 1.5 s, and how many distinct functions ran. */
async function calls(url: string): Promise<{ calls: number; functions: number }> {
  return withSlowedPage('mobile', async (page, cdp) => {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await load(page, url);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, { timeout: 60_000 });
    await page.waitForTimeout(1_500);
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    // A function's first range covers its whole body: its count is how many times it was called.
    const counts = result.flatMap((script) => script.functions.map((fn) => fn.ranges[0]?.count ?? 0));
    return { calls: counts.reduce((sum, count) => sum + count, 0), functions: counts.filter((count) => count > 0).length };
  });
}

async function main() {
  const { dirs, runs, path, port } = options();
  process.chdir(REPO_ROOT);
  const servers: ServerProcess[] = [];
  const results = new Map<string, Figures[]>(dirs.map((dir) => [dir, []]));
  const work = new Map<string, { calls: number; functions: number }>();
  try {
    for (const [index, dir] of dirs.entries()) {
      const at = port(index);
      servers.push(
        await startServerProcess({ STATIC_DIR: dir, SQLITE_PATH: `${dir}.sqlite`, DATABASE_URL: '', LOG_LEVEL: 'warn', ...(at ? { PORT: String(at) } : {}) }),
      );
    }
    for (let run = 1; run <= runs; run++) {
      for (const [index, dir] of dirs.entries()) {
        const figures = await measure(`${servers[index]!.url}${path}`);
        results.get(dir)!.push(figures);
        process.stderr.write(`${dir} run ${run}/${runs}: ${JSON.stringify(figures)}\n`);
      }
    }
    for (const [index, dir] of dirs.entries()) work.set(dir, await calls(`${servers[index]!.url}${path}`));
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
  }
  const keys = Object.keys(results.get(dirs[0]!)![0]!) as (keyof Figures)[];
  console.log(`Medians of ${runs} interleaved runs, ${path}, Lighthouse mobile and a 4× slower phone (ms, s for LCP, KB; CLS unitless):`);
  for (const dir of dirs) {
    const runsOf = results.get(dir)!;
    console.log(
      `${dir}: ${keys.map((key) => `${key} ${median(runsOf.map((figures) => figures[key]))} [${runsOf.map((figures) => figures[key]).join(', ')}]`).join('; ')}; calls ${work.get(dir)!.calls} (${work.get(dir)!.functions} functions)`,
    );
  }
}

await main();
process.exit(0);
