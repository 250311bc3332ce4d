import type { SiteConfig } from '../../../config/site-schema';
import type { Locale } from '../../../contracts/locales';

/**
 * What the server is given once its environment is parsed (./load.ts): every part of the app
 * receives one of these, or the slice it needs, never `process.env`.
 */
export type RateLimit = { max: number; windowSeconds: number };

export type ServerConfig = {
  port: number;
  /** 0.0.0.0 by default so the server is reachable inside a container; set 127.0.0.1 on a shared host. */
  host: string;
  /** When set, PostgreSQL is used and SQLITE_PATH is ignored. A postgres:// or postgresql:// URL
   *  (anything else stops the server); a database it cannot reach does not stop the page from being
   *  served (the API answers 503 not_configured, and it is tried again). */
  databaseUrl: string | undefined;
  sqlitePath: string;
  staticDir: string;
  /** Addresses/CIDRs of reverse proxies whose X-Forwarded-* headers are believed. Empty: trust nobody. */
  trustProxy: string[];
  /**
   * Per client (an IPv4 address, an IPv6 /64): the form posts, the proof-of-work challenges, the
   * newsletter's links. Counted in the database (`rate_counters`) on both engines: shared by every
   * instance on one PostgreSQL, and never forgotten early to make room for other clients.
   */
  rateLimits: { contact: RateLimit; newsletter: RateLimit; challenge: RateLimit; links: RateLimit };
  /** Every form post carries a solved ALTCHA challenge (src/server/core/proof-of-work.ts). */
  proofOfWork: ProofOfWorkConfig;
  /**
   * What a flood can cost the firm, each shared out per source so that no stranger can spend it for
   * everyone (posts refused for a missing or bad proof, or caught by the honeypot, never count):
   * leads stored per source network (an IPv4 /24, an IPv6 /48) per 24 hours (past it that network
   * gets 429 with the time its window ends); free disk space kept below the database (under it, 503
   * and the phone; SQLite only: PostgreSQL's disk is its server's); lead notifications per lane and
   * channel per minute (past it they wait for the next minute, least-served network first); per
   * network per hour (past it the e-mails become one summary an hour; the webhook gets every one);
   * newsletter confirmation e-mails per recipient domain per hour (past it they wait for the next).
   */
  caps: {
    submissionsPerNetworkPerDay: number;
    storageReserveBytes: number;
    notificationsPerMinute: number;
    notificationsPerNetworkPerHour: number;
    confirmationsPerDomainPerHour: number;
  };
  /** How long a client has to send its request line and headers, and its whole request (body included). */
  requestTimeouts: { headersMs: number; requestMs: number };
  logLevel: LogLevel;
  /**
   * The firm's public identity (SITE_* variables, the same ones the page is built with): the
   * server needs the site's address for unsubscribe links and the brand for the pages it renders.
   */
  site: SiteConfig;
  /** Who is told about new leads, and how (see src/server/outbox/). */
  notifications: NotificationConfig;
  /** How the outbox worker retries deliveries. */
  delivery: DeliveryConfig;
  /** The live voice demo (docs/voice.md). */
  voice: VoiceConfig;
  /** The firm's own figures (docs/stats.md). */
  stats: StatsConfig;
};

export type StatsConfig = {
  /** Days the daily counters are kept (STATS_RETENTION_DAYS); the daily retention run deletes older ones. */
  retentionDays: number;
  /** The weekly digest e-mailed to NOTIFY_EMAIL_TO on Monday morning (STATS_DIGEST; needs SMTP_URL). */
  digest: boolean;
  /**
   * The campaigns counted by name (STATS_CAMPAIGNS): the firm's own. Any other utm_campaign counts
   * as "other campaigns": a name made for one recipient would single a person out.
   */
  campaigns: readonly string[];
};

/**
 * What the voice demo needs at start-up; changing any of it needs a restart, never a rebuild.
 * The page holds no key: the server places each call with Vapi itself (docs/voice.md).
 */
export type VoiceConfig = {
  /** VAPI_PRIVATE_KEY: the server places, looks up and ends the calls with it. Undefined: no demo (503). */
  privateKey: string | undefined;
  /** VAPI_API_BASE_URL: where Vapi's API is (a proxy, or the tests' stand-in); Vapi's own otherwise. */
  apiBaseUrl: string | undefined;
  /** The assistant each language of the page calls (`npm run voice:sync` prints them). */
  assistantIds: Partial<Record<Locale, string>>;
  /** Sessions per client address per window (RATE_LIMIT_VOICE). */
  rateLimit: RateLimit;
  /**
   * Minutes of calls per day (FIRM_TIME_ZONE), all instances together, counted from the calls Vapi
   * reports (VOICE_MINUTES_PER_DAY); each network gets a share of them (src/server/voice/budget.ts).
   */
  minutesPerDay: number;
  /** Calls at once, sessions handed out but not yet used included (VOICE_MAX_CONCURRENT). */
  maxConcurrent: number;
  /** Each call's maxDurationSeconds, set by the server on every call and by `npm run voice:sync` on the assistants (VOICE_MAX_CALL_SECONDS). */
  maxCallSeconds: number;
  /**
   * Callback requests taken by the agent during a call (POST /api/voice/events): the Bearer secret
   * Vapi sends with its requests (VAPI_SERVER_SECRET; `voice:sync` puts it in a Vapi credential),
   * and whether the call's transcript is kept with the lead (VOICE_LEAD_TRANSCRIPT). Undefined:
   * the agent takes no callback requests, and the route refuses every request.
   */
  leads: { serverSecret: string; keepTranscript: boolean } | undefined;
  /**
   * Days after a call ended that the daily run deletes its record at Vapi (transcript, summary,
   * logs) and then drops its id here (VAPI_CALL_RETENTION_DAYS; src/server/voice/call-deletion.ts).
   */
  callRetentionDays: number;
};

export type ProofOfWorkConfig = {
  required: boolean;
  /** The solver tries up to this many counters (the one it must find is drawn uniformly from 0 to this − 1): the work factor. */
  maxAttempts: number;
};

export type NotificationConfig = {
  /** E-mail to the firm through SMTP; undefined when SMTP_URL is not set. */
  email: { smtpUrl: string; to: string[]; from: string } | undefined;
  /** Signed JSON POST to the firm's CRM or automation tool; undefined when WEBHOOK_URL is not set.
   *  The secret is a Standard Webhooks one, `whsec_…` (checked at start-up by ./webhook-secret.ts). */
  webhook: { url: string; secret: string } | undefined;
  /** NOTIFY=none: neither channel, and that is meant (no warning at start-up). */
  noneMeant: boolean;
  /** Newsletter sign-ups are notified too (contact requests always are). */
  newsletter: boolean;
  /** Language of the e-mails the firm receives. */
  firmLocale: Locale;
  /** Time zone in which the e-mails show when a lead arrived. */
  timeZone: string;
};

export type DeliveryConfig = {
  /** Give up (status failed) after this many attempts... */
  maxAttempts: number;
  /** ...or once a job has been queued this long, whichever comes first. */
  maxAgeMs: number;
  /** First retry delay; doubles with each failed attempt (with jitter), up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** One attempt (SMTP conversation or webhook request) is abandoned after this long. */
  timeoutMs: number;
  /** A claimed job is reserved this long; a job whose worker died is taken again after it. */
  leaseMs: number;
  /** How often the worker looks for due jobs (it is also woken right after each submission). */
  pollMs: number;
  /** Jobs one worker claims and sends at once. */
  batchSize: number;
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
