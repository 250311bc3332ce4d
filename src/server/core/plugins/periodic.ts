import type { FastifyInstance } from 'fastify';

/** When a job the server runs on its own looks whether it is due. */
export type Schedule = {
  /** The first look, after start-up (not during it: the page is served first). */
  firstCheckMs: number;
  /** How often to look again. */
  checkEveryMs: number;
  /** The clock (tests move it forward). */
  now: () => Date;
};

/**
 * Runs `job` on the server's own schedule, without cron: first `firstCheckMs` after start-up, then
 * every `checkEveryMs`; never two runs at once, none once the server is closing, and the running
 * one awaited when it closes (register the plugin after the storage plugin: before the database
 * closes). The job decides whether it is due and catches its own failures.
 */
export function runPeriodically(app: FastifyInstance, schedule: Schedule, job: () => Promise<void>): void {
  let running: Promise<void> | undefined;
  let stopped = false;

  function check() {
    if (stopped || running) return;
    running = job().finally(() => (running = undefined));
  }

  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    check();
    interval = setInterval(check, schedule.checkEveryMs);
    interval.unref();
  }, schedule.firstCheckMs);
  first.unref();

  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(interval);
    await running;
  });
}
