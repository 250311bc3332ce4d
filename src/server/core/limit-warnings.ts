/**
 * A limit or a budget reached is the server doing its job, not failing: it is logged as a warning
 * named as such, at most once a minute per limit and instance, with how many requests (or jobs) it
 * turned away or held back since the last line and from how many sources, never as a line per
 * request. An attack then reads as one line a minute, not as an outage, and cannot fill the log.
 *
 * The first time a limit is reached after a quiet minute it is said at once; what follows within
 * the minute is counted and said when the minute ends (nothing is said for a minute with none).
 */

export type WarningLog = { warn(fields: object, message: string): void };

export interface LimitWarning {
  /**
   * One request or job this limit refused or held back; `source` (a network, a channel) is counted
   * once per line, never named; `detail` (the latest figures, e.g. the free space) goes on the next line.
   */
  reached(source?: string, detail?: object): void;
}

/** How often at most each limit writes its line. */
export const LIMIT_WARNING_EVERY_MS = 60_000;

/**
 * A limit's warning. `limit` names it as the configuration does (`SUBMISSIONS_PER_NETWORK_PER_DAY`),
 * `consequence` says in a few words what happens to what it holds back; `fields` go on every line.
 */
export function limitWarning(log: WarningLog, limit: string, consequence: string, fields: object = {}, everyMs = LIMIT_WARNING_EVERY_MS): LimitWarning {
  let timer: NodeJS.Timeout | undefined;
  let count = 0;
  const sources = new Set<string>();
  let latest: object = {};
  const message = `limit reached: ${limit}; ${consequence}`;

  function say() {
    log.warn({ limit, ...fields, ...latest, count, ...(sources.size > 0 ? { sources: sources.size } : {}), periodSeconds: everyMs / 1000 }, message);
    count = 0;
    sources.clear();
    latest = {};
  }

  function endOfPeriod() {
    if (count === 0) {
      timer = undefined;
      return;
    }
    say();
    schedule();
  }

  function schedule() {
    timer = setTimeout(endOfPeriod, everyMs);
    // A pending line must not keep a stopping process alive.
    timer.unref();
  }

  return {
    reached(source, detail) {
      count += 1;
      if (source !== undefined) sources.add(source);
      if (detail) latest = detail;
      if (timer === undefined) {
        say();
        schedule();
      }
    },
  };
}
