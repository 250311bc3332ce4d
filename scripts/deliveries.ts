/**
 * The lead-notification outbox, for the person who runs the server:
 *
 *   npm run deliveries                         pending and failed deliveries, with the last error,
 *                                              since when e-mail to the firm is failing, if it is, and
 *                                              how long the oldest lead the firm does not have has waited
 *   npm run deliveries -- --json               the same as JSON
 *   npm run deliveries -- --retry 42           queue job 42 again (fresh attempts)
 *   npm run deliveries -- --retry all-failed   queue every failed job again
 *
 * Uses the server's configuration (DATABASE_URL, else SQLITE_PATH). A running server picks
 * re-queued jobs up at its next poll (DELIVERY_POLL). Exit codes: 0 done, 1 storage or
 * configuration problem, 2 bad arguments or a job that cannot be retried.
 */
import { optionsOrExit } from './lib/cli';
import { type DeliveryRecord, type EmailFailing, LEAD_DELIVERY_PROMISE_MS, type UndeliveredLead } from '../src/server/store';
import { type Output, withStore } from './lib/with-store';

export const USAGE = `Usage: deliveries [--json | --retry <id>|all-failed]

  (no option)            list pending and failed lead notifications (e-mail, webhook),
                         since when e-mail to the firm is failing, if it is, and how
                         long the oldest lead the firm does not have yet has waited
  --json                 the same as JSON: emailFailing, oldestUndeliveredLead (null
                         when the firm has every lead) and jobs
  --retry <id>           queue that job again, with a fresh attempt count
  --retry all-failed     queue every failed job again

Reads DATABASE_URL, or SQLITE_PATH (default ./data/leads.sqlite), like the server
(--config FILE: the service's configuration file). In a checkout: npm run deliveries -- …;
on a deployed server: atelier-ia deliveries … (docs/deploy.md).`;

type Command = { action: 'list'; json: boolean } | { action: 'retry'; target: number | 'all-failed' };

export function parseArgs(args: readonly string[]): Command | { help: true } | { error: string } {
  let json = false;
  let target: number | 'all-failed' | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--json') json = true;
    else if (arg === '--retry' || arg.startsWith('--retry=')) {
      const value = arg === '--retry' ? args[++i] : arg.slice('--retry='.length);
      if (value === 'all-failed') target = value;
      else if (value !== undefined && /^[1-9]\d{0,15}$/.test(value)) target = Number(value);
      else return { error: `--retry needs a job id or all-failed, got ${value ?? 'nothing'}` };
    } else return { error: `unexpected argument: ${arg}` };
  }
  if (target !== undefined && json) return { error: '--json lists; it cannot be combined with --retry' };
  return target === undefined ? { action: 'list', json } : { action: 'retry', target };
}

const when = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')}Z`;

function state(job: DeliveryRecord): string {
  if (job.status === 'failed') return 'failed';
  return job.lockedUntil ? 'sending' : 'pending';
}

function nextTry(job: DeliveryRecord, now: number): string {
  if (job.status === 'failed') return '-';
  if (job.lockedUntil) return `now (held until ${when(job.lockedUntil)})`;
  return Date.parse(job.nextAttemptAt) <= now ? 'due now' : when(job.nextAttemptAt);
}

/** While e-mail to the firm fails: since when, and the relay's last answer, above the jobs. */
function emailFailingLines(failing: EmailFailing | undefined): string[] {
  if (!failing) return [];
  return [
    `E-mail to the firm has been failing since ${when(failing.since)}; its notifications are kept and retried.`,
    `Last failure, ${when(failing.lastFailureAt)}: ${failing.reason}`,
    '',
  ];
}

/** "6 min 5 s", "42 s". */
function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** How long the oldest lead the firm does not have has waited, as /api/health counts it, and whether past the promise. */
function waitingLines(waiting: UndeliveredLead | undefined): string[] {
  if (!waiting) return [];
  const promise = `${LEAD_DELIVERY_PROMISE_MS / 60_000} minutes`;
  const past = waiting.overdue ? `: past the promise of ${promise} (/api/health answers 503 leads_waiting)` : ` (the promise: ${promise})`;
  return [`The oldest lead the firm does not have yet has waited ${duration(waiting.ageSeconds)}, since ${when(waiting.createdAt)}${past}.`, ''];
}

/**
 * A plain table: one job a line, the last error last so it may run long; first, whether e-mail to
 * the firm is failing and how long the oldest lead not delivered has waited.
 */
export function formatDeliveries(
  jobs: readonly DeliveryRecord[],
  now = Date.now(),
  emailFailing?: EmailFailing,
  oldestUndeliveredLead?: UndeliveredLead,
): string {
  const failing = [...emailFailingLines(emailFailing), ...waitingLines(oldestUndeliveredLead)];
  if (jobs.length === 0) return [...failing, 'No pending or failed deliveries.', ''].join('\n');
  const header = ['id', 'status', 'channel', 'event', 'attempts', 'next try', 'last error'];
  const rows = jobs.map((job) => [
    String(job.id),
    state(job),
    job.channel,
    `${job.eventType} ${job.eventId.slice(0, 8)}`,
    String(job.attempts),
    nextTry(job, now),
    job.lastError ?? '-',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const failed = jobs.filter((job) => job.status === 'failed').length;
  return [
    ...failing,
    `${jobs.length} delivery job(s): ${jobs.length - failed} pending, ${failed} failed.`,
    '',
    line(header),
    ...rows.map(line),
    ...(failed > 0 ? ['', 'Retry with: npm run deliveries -- --retry <id>|all-failed'] : []),
    '',
  ].join('\n');
}

const RETRY_ERRORS = {
  not_found: 'no delivery job with that id',
  delivered: 'that job was already delivered',
  in_progress: 'that job is being delivered right now',
} as const;

export async function runDeliveries(args: readonly string[], env: Record<string, string | undefined>, out: Output, err: Output): Promise<number> {
  const command = optionsOrExit(parseArgs(args), USAGE, out, err);
  if (typeof command === 'number') return command;

  return withStore(env, err, 'Failed', async (store) => {
    if (command.action === 'list') {
      const now = new Date();
      const [jobs, emailFailing, oldestUndeliveredLead] = await Promise.all([
        store.deliveries.list(['pending', 'failed']),
        store.deliveries.emailFailing(),
        store.deliveries.oldestUndeliveredLead(now),
      ]);
      out.write(
        command.json
          ? `${JSON.stringify({ emailFailing: emailFailing ?? null, oldestUndeliveredLead: oldestUndeliveredLead ?? null, jobs }, null, 2)}\n`
          : formatDeliveries(jobs, now.getTime(), emailFailing, oldestUndeliveredLead),
      );
      return 0;
    }
    const result = await store.deliveries.requeue(command.target);
    if ('error' in result) {
      err.write(`Job ${command.target}: ${RETRY_ERRORS[result.error]}.\n`);
      return 2;
    }
    out.write(`Re-queued ${result.requeued} job(s); a running server sends them within DELIVERY_POLL.\n`);
    return 0;
  });
}
