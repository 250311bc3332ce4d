/**
 * `npm run bench:anatomy`: what the long tasks of `npm run bench` are made of, and the least any
 * page pays on this machine.
 *
 * Builds the site, then loads the home page and a bare page (a heading, two paragraphs and a list:
 * no CSS, no script, no form) in turn, RUNS times each, with the CPU slowed 4× and a Chromium trace
 * recorded (scripts/bench/parts/trace-anatomy.ts). Prints, for each kind of task over 50 ms, in how many loads
 * it appeared and its median duration and parts. The bare page is the floor: what a fresh renderer
 * spends to lay out and paint its first text on this machine, whatever the page.
 *
 * A report, like `npm run bench`. `--runs N` (5), `--preset mobile|desktop` (mobile), `--port N`.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../../test/server-process';
import { longTasksOf, PARTS, TASK_KINDS, type LongTask, type TaskKind } from './parts/trace-anatomy';
import { benchArguments } from './parts/arguments';
import { median, PRESETS, type Preset } from './parts/figures';
import { buildSite } from '../build';
import { buildServer } from '../lib/server-bundle';

const WORK = join(REPO_ROOT, '.tmp/anatomy');
const PAGES = ['home', 'bare'] as const;
type PageName = (typeof PAGES)[number];

const BARE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title></head>
<body><main><h1>AI automation for Quebec businesses</h1>
<p>Voice agents that answer every call, day and night, and integrations that connect your CRM and ERP.</p>
<p><a href="#contact">Book a call</a> or <a href="#demo">try the demo</a>.</p>
<ul><li>Voice agents</li><li>Workflow integration</li><li>Private language models</li></ul></main></body></html>
`;

const args = benchArguments({
  name: 'bench:anatomy',
  usage: '[--runs N] [--preset mobile|desktop] [--port N]',
  help: `What the long tasks of npm run bench are made of: builds the site, then loads the home page
and a bare page in turn, --runs times each (5), with the CPU slowed 4x and a trace recorded, as
--preset's device (mobile). Serves them on free ports, or --port N and N+1.`,
  options: { runs: { default: '5' }, preset: { default: 'mobile' }, port: {} },
});
const RUNS = args.whole('runs', 1);
const PRESET = args.values.preset as Preset;
if (!PRESETS.includes(PRESET)) args.fail(`--preset expects one of ${PRESETS.join(', ')}, got ${PRESET}`);

async function main() {
  process.chdir(REPO_ROOT);
  await rm(WORK, { recursive: true, force: true });
  await mkdir(join(WORK, 'bare'), { recursive: true });
  process.stderr.write('building the site into .tmp/anatomy/home\n');
  await buildSite(join(WORK, 'home'), { quiet: true });
  await buildServer();
  await writeFile(join(WORK, 'bare', 'index.html'), BARE_PAGE);

  const servers: Partial<Record<PageName, ServerProcess>> = {};
  const loads: Record<PageName, LongTask[][]> = { home: [], bare: [] };
  try {
    for (const [index, name] of PAGES.entries()) {
      const port = args.port(index);
      servers[name] = await startServerProcess({
        STATIC_DIR: join(WORK, name),
        SQLITE_PATH: join(WORK, `data-${name}`, 'leads.sqlite'),
        DATABASE_URL: '',
        ...(port ? { PORT: String(port) } : {}),
      });
    }
    for (let run = 1; run <= RUNS; run++) {
      for (const name of PAGES) {
        const tasks = await longTasksOf(`${servers[name]!.url}/`, PRESET);
        loads[name].push(tasks);
        process.stderr.write(`${name} run ${run}/${RUNS}: ${tasks.map((task) => `${task.kind} ${task.duration} ms`).join(', ') || 'no task over 50 ms'}\n`);
      }
    }
  } finally {
    for (const server of Object.values(servers)) server?.child.kill('SIGTERM');
  }
  console.log(report(loads));
}

function report(loads: Record<PageName, LongTask[][]>): string {
  const lines = [
    `Tasks over 50 ms, ${PRESET}, CPU slowed 4x, ${RUNS} loads per page: loads where the kind appeared, then the median of its longest (style / layout / paint / script / HTML parsing, ms)`,
    '',
    `| Task | Home page | Bare page |`,
    `|---|---|---|`,
  ];
  for (const kind of TASK_KINDS) {
    const cells = PAGES.map((name) => cell(loads[name], kind));
    if (cells.some((text) => text !== '–')) lines.push(`| ${kind} | ${cells.join(' | ')} |`);
  }
  const longest = PAGES.map((name) => `${median(loads[name].map((tasks) => Math.max(0, ...tasks.map((task) => task.duration))))} ms`);
  lines.push(`| longest of each load (median) | ${longest.join(' | ')} |`);
  return lines.join('\n');
}

function cell(loads: LongTask[][], kind: TaskKind): string {
  const longest = loads.flatMap((tasks) => {
    const ofKind = tasks.filter((task) => task.kind === kind);
    return ofKind.length ? [ofKind.reduce((a, b) => (b.duration > a.duration ? b : a))] : [];
  });
  if (longest.length === 0) return '–';
  const parts = PARTS.map((part) => median(longest.map((task) => task[part]))).join(' / ');
  return `${longest.length}/${loads.length}: ${median(longest.map((task) => task.duration))} ms (${parts})`;
}

await main();
