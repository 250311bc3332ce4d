import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod/mini';
import { ConfigError as SiteConfigError, type SiteConfig, loadSiteConfig } from '../config/site-schema';
import type { VoiceLocale } from '../contracts/voice';
import { webhookKey } from './delivery/signature';

/**
 * The server's whole configuration, parsed from the environment in one place.
 * Empty strings count as unset, so `FOO=` in a .env file means "use the default".
 */
export type RateLimit = { max: number; windowSeconds: number };

export type ServerConfig = {
  port: number;
  /** 0.0.0.0 by default so the server is reachable inside a container; set 127.0.0.1 on a shared host. */
  host: string;
  /** When set, PostgreSQL is used and SQLITE_PATH is ignored. Not validated here: a bad URL must not
   *  stop the page from being served (the API answers 503 not_configured instead). */
  databaseUrl: string | undefined;
  sqlitePath: string;
  staticDir: string;
  /** Addresses/CIDRs of reverse proxies whose X-Forwarded-* headers are believed. Empty: trust nobody. */
  trustProxy: string[];
  /**
   * Per client address: the form posts, the proof-of-work challenges, the newsletter's links.
   * Counted in PostgreSQL when DATABASE_URL is set (shared by every instance), in memory on SQLite.
   */
  rateLimits: { contact: RateLimit; newsletter: RateLimit; challenge: RateLimit; links: RateLimit };
  /** Every form post carries a solved ALTCHA challenge (src/server/proof-of-work.ts). */
  proofOfWork: ProofOfWorkConfig;
  /**
   * What a flood can cost the firm, whoever sends it (posts refused for a missing or bad proof,
   * or caught by the honeypot, never count): submissions stored per 24 hours, all instances
   * together (past it 503 with Retry-After), and lead notifications per channel per minute (past
   * it they wait for the next minute; none is dropped).
   */
  caps: { submissionsPerDay: number; notificationsPerMinute: number };
  /** How long a client has to send its request line and headers, and its whole request (body included). */
  requestTimeouts: { headersMs: number; requestMs: number };
  logLevel: LogLevel;
  /**
   * The firm's public identity (SITE_* variables, the same ones the page is built with): the
   * server needs the site's address for unsubscribe links and the brand for the pages it renders.
   */
  site: SiteConfig;
  /** Who is told about new leads, and how (see src/server/delivery/). */
  notifications: NotificationConfig;
  /** How the outbox worker retries deliveries. */
  delivery: DeliveryConfig;
  /** The live voice demo (docs/voice.md). */
  voice: VoiceConfig;
};

/**
 * What the voice demo needs at start-up; changing any of it needs a restart, never a rebuild.
 * The page holds no key: it asks POST /api/voice/session for one per call.
 */
export type VoiceConfig = {
  /**
   * How the page's calls are authorized. 'token' (VAPI_PRIVATE_KEY + VAPI_ORG_ID): each session
   * gets a JWT signed here, valid 2 minutes, for one assistant, from the site's origin.
   * 'public-key' (VAPI_PUBLIC_KEY, the weaker fallback): each session gets the org's long-lived
   * public key, which anyone can copy and use without our limits. Undefined: no demo (503).
   */
  credentials: { kind: 'token'; privateKey: string; orgId: string } | { kind: 'public-key'; publicKey: string } | undefined;
  /** The assistant each language of the page calls (`npm run voice:sync` prints them). */
  assistantIds: Partial<Record<VoiceLocale, string>>;
  /** Sessions per client address per window (RATE_LIMIT_VOICE). */
  rateLimit: RateLimit;
  /** Sessions per day (FIRM_TIME_ZONE), all addresses and instances together (VOICE_CALLS_PER_DAY). */
  callsPerDay: number;
  /** The assistants' maxDurationSeconds, set by `npm run voice:sync` (VOICE_MAX_CALL_SECONDS). */
  maxCallSeconds: number;
  /**
   * Callback requests taken by the agent during a call (POST /api/voice/events): the Bearer secret
   * Vapi sends with its requests (VAPI_SERVER_SECRET; `voice:sync` puts it in a Vapi credential),
   * and whether the call's transcript is kept with the lead (VOICE_LEAD_TRANSCRIPT). Undefined:
   * the agent takes no callback requests, and the route refuses every request.
   */
  leads: { serverSecret: string; keepTranscript: boolean } | undefined;
};

export type ProofOfWorkConfig = {
  required: boolean;
  /** The solver tries up to this many counters (drawn between half of it and it): the work factor. */
  maxAttempts: number;
};

export const FIRM_LOCALES = ['fr', 'en'] as const;
export type FirmLocale = (typeof FIRM_LOCALES)[number];

export type NotificationConfig = {
  /** E-mail to the firm through SMTP; undefined when SMTP_URL is not set. */
  email: { smtpUrl: string; to: string[]; from: string } | undefined;
  /** Signed JSON POST to the firm's CRM or automation tool; undefined when WEBHOOK_URL is not set.
   *  The secret is a Standard Webhooks one, `whsec_…` (checked here, see delivery/signature.ts). */
  webhook: { url: string; secret: string } | undefined;
  /** Newsletter sign-ups are notified too (contact requests always are). */
  newsletter: boolean;
  /** Language of the e-mails the firm receives. */
  firmLocale: FirmLocale;
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Named ranges understood by Fastify's trustProxy (proxy-addr). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // An IPv4 mask (255.255.0.0) is accepted by proxy-addr as well as a prefix length.
  if (version === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const rateLimit = (fallback: string) =>
  z.pipe(
    z._default(z.string().check(z.regex(/^[1-9]\d*\/[1-9]\d*$/, 'expected "<max>/<seconds>", e.g. "5/600"')), fallback),
    z.transform((value: string): RateLimit => {
      const [max, windowSeconds] = value.split('/').map(Number) as [number, number];
      return { max, windowSeconds };
    }),
  );

const DURATION_UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "500ms", "30s", "15m", "48h", "2d" → milliseconds. */
const duration = (fallback: string) =>
  z.pipe(
    z._default(z.string().check(z.regex(/^\s*[1-9]\d*\s*(ms|s|m|h|d)\s*$/, 'expected a duration such as 500ms, 30s, 15m, 48h or 2d')), fallback),
    z.transform((value: string) => {
      const [, amount = '0', unit = 's'] = /(\d+)\s*(ms|s|m|h|d)/.exec(value) ?? [];
      return Number(amount) * DURATION_UNITS_MS[unit as keyof typeof DURATION_UNITS_MS];
    }),
  );

/** The work factor measured for a median solve of about 1 s on a phone-class CPU (docs/security.md). */
export const DEFAULT_PROOF_ATTEMPTS = 1_000;

const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `expected a whole number from ${min} to ${max}`;
  return z._default(z.coerce.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message)), fallback);
};

/** A bare address (jane@example.com), as the firm's mailbox must be. */
const ADDRESS = /^[^\s@<>,"]+@[^\s@<>,"]+\.[^\s@<>,"]+$/;
/** An address with an optional display name: `Atelier IA <noreply@example.com>`. */
const NAMED_ADDRESS = /^(?:[^<>]*<\s*)?[^\s@<>,"]+@[^\s@<>,"]+\.[^\s@<>,"]+(?:\s*>)?$/;

function isTimeZone(zone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z._default(
    z.coerce.number('expected a port number').check(z.int('expected a port number'), z.minimum(0, 'expected 0-65535'), z.maximum(65535, 'expected 0-65535')),
    3000,
  ),
  HOST: z._default(z.string(), '0.0.0.0'),
  DATABASE_URL: z.optional(z.string()),
  SQLITE_PATH: z._default(z.string(), './data/leads.sqlite'),
  STATIC_DIR: z._default(z.string(), './dist'),
  TRUST_PROXY: z.pipe(
    z._default(z.string(), ''),
    z.pipe(
      z.transform((value: string) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
      z.array(z.string()).check(
        z.superRefine((entries, ctx) => {
          const bad = entries.filter((entry) => !isAddressOrCidr(entry));
          if (bad.length > 0) {
            ctx.issues.push({ code: 'custom', input: entries, message: `not an IP address or CIDR range: ${bad.join(', ')}` });
          }
        }),
      ),
    ),
  ),
  RATE_LIMIT_CONTACT: rateLimit('5/600'),
  RATE_LIMIT_NEWSLETTER: rateLimit('10/600'),
  RATE_LIMIT_CHALLENGE: rateLimit('30/600'),
  RATE_LIMIT_LINKS: rateLimit('20/600'),
  PROOF_OF_WORK: z._default(z.enum(['on', 'off'], 'expected on or off'), 'on'),
  PROOF_OF_WORK_ATTEMPTS: wholeNumber(2, 100_000_000, DEFAULT_PROOF_ATTEMPTS),
  SUBMISSIONS_PER_DAY: wholeNumber(1, 100_000_000, 5_000),
  NOTIFICATIONS_PER_MINUTE: wholeNumber(1, 100_000, 20),
  HEADERS_TIMEOUT: duration('10s'),
  REQUEST_TIMEOUT: duration('30s'),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS, `expected one of ${LOG_LEVELS.join(', ')}`), 'info'),

  SMTP_URL: z.optional(
    z.string().check(z.refine((value) => /^smtps?:\/\/[^/\s]+/.test(value.trim()) && URL.canParse(value.trim()), 'expected smtp://user:password@host:587 or smtps://...')),
  ),
  NOTIFY_EMAIL_TO: z.optional(
    z.pipe(
      z.transform((value: string) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
      z.array(z.string()).check(
        z.minLength(1, 'expected one or more e-mail addresses, comma-separated'),
        z.superRefine((entries, ctx) => {
          const bad = entries.filter((entry) => !ADDRESS.test(entry));
          if (bad.length > 0) ctx.issues.push({ code: 'custom', input: entries, message: `not an e-mail address: ${bad.join(', ')}` });
        }),
      ),
    ),
  ),
  MAIL_FROM: z.optional(z.string().check(z.refine((value) => NAMED_ADDRESS.test(value.trim()), 'expected an address, e.g. "Atelier IA <leads@example.com>"'))),
  WEBHOOK_URL: z.optional(
    z.string().check(z.refine((value) => /^https?:\/\//.test(value.trim()) && URL.canParse(value.trim()), 'expected an http:// or https:// URL')),
  ),
  WEBHOOK_SECRET: z.optional(
    z.string().check(
      z.superRefine((value, ctx) => {
        const parsed = webhookKey(value);
        if ('problem' in parsed) ctx.issues.push({ code: 'custom', input: value, message: parsed.problem });
      }),
    ),
  ),
  NOTIFY_NEWSLETTER: z._default(z.enum(['true', 'false', '1', '0'], 'expected true or false'), 'false'),
  FIRM_LOCALE: z._default(z.enum(FIRM_LOCALES, `expected one of ${FIRM_LOCALES.join(', ')}`), 'fr'),
  FIRM_TIME_ZONE: z._default(z.string().check(z.refine((value) => isTimeZone(value.trim()), 'expected an IANA time zone, e.g. America/Toronto')), 'America/Toronto'),
  DELIVERY_MAX_ATTEMPTS: wholeNumber(1, 1000, 20),
  DELIVERY_MAX_AGE: duration('48h'),
  DELIVERY_RETRY_BASE: duration('30s'),
  DELIVERY_RETRY_MAX: duration('1h'),
  DELIVERY_TIMEOUT: duration('15s'),
  DELIVERY_LEASE: duration('2m'),
  DELIVERY_POLL: duration('5s'),
  DELIVERY_BATCH: wholeNumber(1, 100, 10),

  VAPI_PRIVATE_KEY: z.optional(z.string()),
  VAPI_ORG_ID: z.optional(z.string()),
  VAPI_PUBLIC_KEY: z.optional(z.string()),
  VAPI_ASSISTANT_ID_FR: z.optional(z.string()),
  VAPI_ASSISTANT_ID_EN: z.optional(z.string()),
  RATE_LIMIT_VOICE: rateLimit('3/600'),
  VOICE_CALLS_PER_DAY: wholeNumber(1, 1_000_000, 100),
  // Vapi's own bounds for maxDurationSeconds.
  VOICE_MAX_CALL_SECONDS: wholeNumber(10, 43_200, 180),
  VAPI_SERVER_SECRET: z.optional(
    z.string().check(
      z.refine((value) => /^[\x21-\x7e]{32,256}$/.test(value.trim()), 'expected 32 to 256 printable characters without spaces, e.g. the output of: openssl rand -base64 32'),
    ),
  ),
  VOICE_LEAD_TRANSCRIPT: z._default(z.enum(['on', 'off'], 'expected on or off'), 'off'),
});

/** The variables the server reads besides the site's (deploy/env.example must name each). */
export const SERVER_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

type Env = z.output<typeof envSchema>;

/** Variables an older release read: setting one now is a mistake worth a clear line, not silence. */
const REMOVED_VARIABLES: Record<string, string> = {
  VAPI_ASSISTANT_ID: 'replaced by VAPI_ASSISTANT_ID_FR and VAPI_ASSISTANT_ID_EN, one assistant per language (`npm run voice:sync` prints both; docs/voice.md)',
  SUBMISSIONS_PER_MINUTE:
    'a cap on valid posts let any flood silence the form; see PROOF_OF_WORK, SUBMISSIONS_PER_DAY and NOTIFICATIONS_PER_MINUTE (docs/security.md)',
};
type RawEnv = Record<string, string>;

/**
 * Rules that tie variables together. A half-configured channel would silently drop the firm's
 * leads, so it stops the server instead. Each problem names the variable to fix.
 */
function companionIssues(raw: RawEnv, env: Env | undefined): string[] {
  const issues: string[] = [];
  const set = (key: string) => raw[key] !== undefined;
  for (const [key, instead] of Object.entries(REMOVED_VARIABLES)) if (set(key)) issues.push(`${key}: no longer read; ${instead}`);
  if (set('SMTP_URL')) {
    if (!set('NOTIFY_EMAIL_TO')) issues.push('NOTIFY_EMAIL_TO: required when SMTP_URL is set (where lead e-mails go)');
    if (!set('MAIL_FROM')) issues.push('MAIL_FROM: required when SMTP_URL is set (a sender your SMTP server accepts)');
  } else {
    for (const key of ['NOTIFY_EMAIL_TO', 'MAIL_FROM']) if (set(key)) issues.push(`${key}: set, but SMTP_URL is not: no e-mail would be sent`);
  }
  if (set('WEBHOOK_URL') && !set('WEBHOOK_SECRET')) issues.push('WEBHOOK_SECRET: required when WEBHOOK_URL is set (the receiver checks signatures with it)');
  if (set('WEBHOOK_SECRET') && !set('WEBHOOK_URL')) issues.push('WEBHOOK_SECRET: set, but WEBHOOK_URL is not: no webhook would be sent');
  if (env && env.DELIVERY_LEASE <= env.DELIVERY_TIMEOUT) {
    issues.push('DELIVERY_LEASE: must be longer than DELIVERY_TIMEOUT, or a slow delivery could be taken and sent again by another instance');
  }
  if (env && env.DELIVERY_RETRY_BASE > env.DELIVERY_RETRY_MAX) issues.push('DELIVERY_RETRY_MAX: must not be shorter than DELIVERY_RETRY_BASE');
  if (env && env.HEADERS_TIMEOUT > env.REQUEST_TIMEOUT) issues.push('HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT (the headers are part of the request)');
  if (set('VAPI_PRIVATE_KEY') && !set('VAPI_ORG_ID')) issues.push('VAPI_ORG_ID: required when VAPI_PRIVATE_KEY is set (each call token names the organization)');
  if (set('VAPI_ORG_ID') && !set('VAPI_PRIVATE_KEY')) issues.push('VAPI_ORG_ID: set, but VAPI_PRIVATE_KEY is not: no call token could be signed');
  if (set('VAPI_SERVER_SECRET') && raw.VAPI_SERVER_SECRET?.trim() === raw.VAPI_PRIVATE_KEY?.trim()) {
    issues.push('VAPI_SERVER_SECRET: must not be VAPI_PRIVATE_KEY (Vapi sends it with every request to this server): make another one');
  }
  if (env?.VOICE_LEAD_TRANSCRIPT === 'on' && !set('VAPI_SERVER_SECRET')) issues.push('VOICE_LEAD_TRANSCRIPT: set, but VAPI_SERVER_SECRET is not: the agent takes no callback requests to keep a transcript with');
  const assistants = ['VAPI_ASSISTANT_ID_FR', 'VAPI_ASSISTANT_ID_EN'].filter(set);
  if (assistants.length > 0 && !set('VAPI_PRIVATE_KEY') && !set('VAPI_PUBLIC_KEY')) {
    issues.push(`${assistants[0]}: set, but neither VAPI_PRIVATE_KEY (with VAPI_ORG_ID) nor VAPI_PUBLIC_KEY is: no call could start`);
  }
  return issues;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment, failing with one line per bad variable. */
export function loadServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => (key in envSchema.shape || key in REMOVED_VARIABLES) && value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  const lines = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...companionIssues(cleaned as RawEnv, parsed.data),
  ];
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid server configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
  const e = parsed.data;
  let site: SiteConfig;
  try {
    site = loadSiteConfig(env);
  } catch (error) {
    if (error instanceof SiteConfigError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    port: e.PORT,
    host: e.HOST.trim(),
    databaseUrl: e.DATABASE_URL?.trim(),
    sqlitePath: resolve(e.SQLITE_PATH.trim()),
    staticDir: resolve(e.STATIC_DIR.trim()),
    trustProxy: e.TRUST_PROXY,
    rateLimits: { contact: e.RATE_LIMIT_CONTACT, newsletter: e.RATE_LIMIT_NEWSLETTER, challenge: e.RATE_LIMIT_CHALLENGE, links: e.RATE_LIMIT_LINKS },
    proofOfWork: { required: e.PROOF_OF_WORK === 'on', maxAttempts: e.PROOF_OF_WORK_ATTEMPTS },
    caps: { submissionsPerDay: e.SUBMISSIONS_PER_DAY, notificationsPerMinute: e.NOTIFICATIONS_PER_MINUTE },
    requestTimeouts: { headersMs: e.HEADERS_TIMEOUT, requestMs: e.REQUEST_TIMEOUT },
    logLevel: e.LOG_LEVEL,
    site,
    notifications: {
      email: e.SMTP_URL && e.NOTIFY_EMAIL_TO && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL.trim(), to: e.NOTIFY_EMAIL_TO, from: e.MAIL_FROM.trim() } : undefined,
      webhook: e.WEBHOOK_URL && e.WEBHOOK_SECRET ? { url: e.WEBHOOK_URL.trim(), secret: e.WEBHOOK_SECRET.trim() } : undefined,
      newsletter: e.NOTIFY_NEWSLETTER === 'true' || e.NOTIFY_NEWSLETTER === '1',
      firmLocale: e.FIRM_LOCALE,
      timeZone: e.FIRM_TIME_ZONE.trim(),
    },
    delivery: {
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      maxAgeMs: e.DELIVERY_MAX_AGE,
      retryBaseMs: e.DELIVERY_RETRY_BASE,
      retryMaxMs: e.DELIVERY_RETRY_MAX,
      timeoutMs: e.DELIVERY_TIMEOUT,
      leaseMs: e.DELIVERY_LEASE,
      pollMs: e.DELIVERY_POLL,
      batchSize: e.DELIVERY_BATCH,
    },
    voice: {
      credentials:
        e.VAPI_PRIVATE_KEY && e.VAPI_ORG_ID
          ? { kind: 'token', privateKey: e.VAPI_PRIVATE_KEY.trim(), orgId: e.VAPI_ORG_ID.trim() }
          : e.VAPI_PUBLIC_KEY
            ? { kind: 'public-key', publicKey: e.VAPI_PUBLIC_KEY.trim() }
            : undefined,
      assistantIds: {
        ...(e.VAPI_ASSISTANT_ID_FR ? { fr: e.VAPI_ASSISTANT_ID_FR.trim() } : {}),
        ...(e.VAPI_ASSISTANT_ID_EN ? { en: e.VAPI_ASSISTANT_ID_EN.trim() } : {}),
      },
      rateLimit: e.RATE_LIMIT_VOICE,
      callsPerDay: e.VOICE_CALLS_PER_DAY,
      maxCallSeconds: e.VOICE_MAX_CALL_SECONDS,
      leads: e.VAPI_SERVER_SECRET ? { serverSecret: e.VAPI_SERVER_SECRET.trim(), keepTranscript: e.VOICE_LEAD_TRANSCRIPT === 'on' } : undefined,
    },
  };
}
