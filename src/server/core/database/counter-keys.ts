/**
 * The kinds of `rate_counters` row, each by the prefix of its key: the one place a prefix is
 * written. A key is its prefix and its parts joined by `:` (`leads:203.0.113.0/24`).
 */
export const COUNTER_PREFIXES = {
  /** A client's requests to one route (RATE_LIMIT_*), under a keyed hash of the client: no address is kept. */
  client: 'rate',
  /** A network's stored leads, in a 24-hour window from its first (SUBMISSIONS_PER_NETWORK_PER_DAY). */
  leads: 'leads',
  /** A network's notified requests in an hour (NOTIFICATIONS_PER_NETWORK_PER_HOUR): past it, a summary e-mail. */
  notified: 'notified',
  /** A lane's e-mails in one minute (NOTIFICATIONS_PER_MINUTE). */
  notify: 'notify',
  /** Confirmation e-mails to one domain in an hour (CONFIRMATIONS_PER_DOMAIN_PER_HOUR). */
  confirmDomain: 'confirm-domain',
  /** Confirmation e-mails to one mailbox in their window (CONFIRMATION_EMAILS). */
  confirmMail: 'confirm-mail',
  /** A source's delivery turns this hour in a lane and channel: the worker serves the fewest first. */
  turns: 'turns',
} as const;

export type CounterKind = keyof typeof COUNTER_PREFIXES;

const SEPARATOR = ':';
const keyOf = (kind: CounterKind, ...parts: readonly (string | number)[]) => [COUNTER_PREFIXES[kind], ...parts].join(SEPARATOR);

/** The key of each kind of counter, from its parts. */
export const COUNTER_KEYS = {
  client: (scope: string, anonymousClient: string) => keyOf('client', scope, anonymousClient),
  leads: (network: string) => keyOf('leads', network),
  notified: (network: string) => keyOf('notified', network),
  notify: (lane: string, channel: string, minute: number) => keyOf('notify', lane, channel, minute),
  confirmDomain: (domain: string) => keyOf('confirmDomain', domain),
  confirmMail: (mailbox: string) => keyOf('confirmMail', mailbox),
  turns: (lane: string, channel: string, source: string | null) => keyOf('turns', lane, channel, source ?? ''),
  /** What every `turns` key of a lane starts with, for the SQL that builds the rest (delivery-queue.ts). */
  turnsOfLane: (lane: string) => keyOf('turns', lane, ''),
} as const;

/** The SQL `like` pattern of every key of one kind: `leads:%`. */
export const counterPattern = (kind: CounterKind): string => `${COUNTER_PREFIXES[kind]}${SEPARATOR}%`;

/** Whether `key` is a counter of that kind. */
export const isCounterOf = (kind: CounterKind, key: string): boolean => key.startsWith(`${COUNTER_PREFIXES[kind]}${SEPARATOR}`);
