/**
 * What one page load's long main-thread tasks are made of, read from a Chromium trace of a load
 * with the CPU slowed 4× (the same phone or desktop as scripts/bench/parts/long-task.ts). Unlike the
 * bench's `longtask` observer, a trace also sees the navigation's own task, before the page exists.
 *
 * Each task over 50 ms is sorted by what started it: the navigation, the first paint, the end of
 * parsing (DOMContentLoaded, when Chrome's autofill reads every form of the page, laying out what it
 * needs), the full stylesheet arriving, Chrome's autofill reading a form added to the page later, a
 * later frame (styling, laying out and painting what changed), our scripts, or anything else; and
 * split into style, layout, paint, script and HTML parsing time.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { Preset } from './figures';
import { load, withSlowedPage } from './long-task';

export const TASK_KINDS = ['navigation', 'first paint', 'end of parsing', 'full stylesheet', 'autofill', 'later frame', 'script', 'other'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const PARTS = ['style', 'layout', 'paint', 'script', 'parse'] as const;
export type Part = (typeof PARTS)[number];
/** A long task: how long it took, and how much of that went to each part (ms). */
export type LongTask = { kind: TaskKind; duration: number } & Record<Part, number>;

const LONG_TASK_MS = 50;
const AFTER_LOAD_MS = 3_000;
/** Trace event names (Chromium's `devtools.timeline` and `blink` categories) summed into each part. */
const PART_EVENTS: Record<Part, string[]> = {
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  paint: ['Paint'],
  script: ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall'],
  parse: ['ParseHTML'],
};

/** `src_file`: on a task, where in Chromium it was posted from. */
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { beginData?: { url?: string }; src_file?: string } };
type Span = TraceEvent & { dur: number };

/** The tasks over 50 ms of one load of `url`, in a fresh browser (a visitor's first visit). */
export function longTasksOf(url: string, preset: Preset): Promise<LongTask[]> {
  return withSlowedPage(preset, async (page, cdp) => longTasks(await traced(cdp, page, url), url));
}

async function traced(cdp: CDPSession, page: Page, url: string): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,blink,loading', transferMode: 'ReportEvents' });
  await load(page, url);
  await page.waitForTimeout(AFTER_LOAD_MS);
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

function longTasks(events: TraceEvent[], url: string): LongTask[] {
  // The page's main thread: the one that parsed its HTML.
  const parse = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === url);
  if (!parse) throw new Error(`the trace of ${url} has no HTML parsing`);
  const spans = events.filter((event): event is Span => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X' && event.dur !== undefined);
  const tasks = spans.filter((span) => span.name === 'ThreadControllerImpl::RunTask');
  // The frame that painted the first text: the page's first frame that paints (rendering is blocked
  // until the hero is parsed, so it is the contentful one). Not the last paint before Chromium's
  // first-contentful-paint mark: that mark is the frame's presentation time, and on a slow machine
  // the next frame has often begun by then.
  const contentful = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === parse.pid);
  if (!contentful) throw new Error(`the trace of ${url} has no first contentful paint`);
  const firstPaint = tasks.find((task) => task.ts > parse.ts && task.ts < contentful.ts && inside(spans, task, ['Paint']).length > 0);
  return tasks
    .filter((task) => task.dur / 1000 > LONG_TASK_MS)
    .map((task) => {
      const time = (names: string[]) => Math.round(inside(spans, task, names).reduce((sum, span) => sum + span.dur, 0) / 1000);
      const parts = Object.fromEntries(PARTS.map((part) => [part, time(PART_EVENTS[part])])) as Record<Part, number>;
      return { kind: kindOf(spans, task, firstPaint, parts), duration: Math.round(task.dur / 1000), ...parts };
    });
}

function kindOf(spans: Span[], task: Span, firstPaint: Span | undefined, parts: Record<Part, number>): TaskKind {
  const has = (name: string) => inside(spans, task, [name]).length > 0;
  if (has('DocumentLoader::CommitNavigation')) return 'navigation';
  if (task === firstPaint) return 'first paint';
  if (has('Document::FinishedParsing')) return 'end of parsing';
  const afterFirstPaint = firstPaint !== undefined && task.ts > firstPaint.ts;
  const mostlyScript = parts.script * 2 > task.dur / 1000;
  // The critical CSS is added by the first paint at the latest; a style sheet added later, or its
  // <link> reporting it loaded, is the full one.
  const stylesheet = has('RuleSet::addRulesFromSheet') || task.args?.src_file?.endsWith('html_link_element.cc');
  if (afterFirstPaint && stylesheet) return 'full stylesheet';
  if (task.args?.src_file?.includes('/autofill/')) return 'autofill';
  if (afterFirstPaint && has('WebFrameWidgetImpl::UpdateLifecycle') && !mostlyScript) return 'later frame';
  if (mostlyScript) return 'script';
  return 'other';
}

/** The spans named `names` that run within `task`. Summed as they are: a script called from another script's run (rare here) counts twice. */
function inside(spans: Span[], task: Span, names: string[]): Span[] {
  return spans.filter((span) => names.includes(span.name) && span.ts >= task.ts && span.ts + span.dur <= task.ts + task.dur);
}
