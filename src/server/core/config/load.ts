import { resolve } from 'node:path';
import { ConfigError as SiteConfigError, type SiteConfig, loadSiteConfig } from '../../../config/site-schema';
import { type Env, envSchema } from './env-schema';
import type { ServerConfig } from './types';

/** Variables an older release read: setting one now is a mistake worth a clear line, not silence. */
export const REMOVED_VARIABLES: Record<string, string> = {
  VAPI_ASSISTANT_ID: 'replaced by VAPI_ASSISTANT_ID_FR and VAPI_ASSISTANT_ID_EN, one assistant per language (`npm run voice:sync` prints both; docs/voice.md)',
  VOICE_CALLS_PER_DAY:
    'a count of keys handed out let anyone spend the day without calling; replaced by VOICE_MINUTES_PER_DAY (minutes of calls Vapi reports) and VOICE_MAX_CONCURRENT (docs/voice.md)',
  VAPI_PUBLIC_KEY:
    'the server now places every demo call with VAPI_PRIVATE_KEY (the browser holds no Vapi key, and a public key let anyone start calls outside the limits): set VAPI_PRIVATE_KEY and remove VAPI_PUBLIC_KEY (docs/voice.md)',
  VAPI_ORG_ID: 'no longer needed: the server places the calls with VAPI_PRIVATE_KEY alone (docs/voice.md)',
  SUBMISSIONS_PER_MINUTE:
    'a cap on valid posts let any flood silence the form; see PROOF_OF_WORK, SUBMISSIONS_PER_NETWORK_PER_DAY and NOTIFICATIONS_PER_MINUTE (docs/security.md)',
  SUBMISSIONS_PER_DAY:
    'one count over all sources let any flood switch lead capture off; replaced by SUBMISSIONS_PER_NETWORK_PER_DAY (each network its own) and STORAGE_RESERVE (free disk kept) (docs/security.md)',
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
  if (raw.NOTIFY?.trim() === 'none') {
    for (const key of ['SMTP_URL', 'WEBHOOK_URL']) if (set(key)) issues.push(`NOTIFY: none, but ${key} is set: leave NOTIFY unset to be told of leads`);
  }
  if (set('WEBHOOK_URL') && !set('WEBHOOK_SECRET')) issues.push('WEBHOOK_SECRET: required when WEBHOOK_URL is set (the receiver checks signatures with it)');
  if (set('WEBHOOK_SECRET') && !set('WEBHOOK_URL')) issues.push('WEBHOOK_SECRET: set, but WEBHOOK_URL is not: no webhook would be sent');
  if (env && env.DELIVERY_LEASE <= env.DELIVERY_TIMEOUT) {
    issues.push('DELIVERY_LEASE: must be longer than DELIVERY_TIMEOUT, or a slow delivery could be taken and sent again by another instance');
  }
  if (env && env.DELIVERY_RETRY_BASE > env.DELIVERY_RETRY_MAX) issues.push('DELIVERY_RETRY_MAX: must not be shorter than DELIVERY_RETRY_BASE');
  if (env && env.HEADERS_TIMEOUT > env.REQUEST_TIMEOUT)
    issues.push('HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT (the headers are part of the request)');
  if (set('VAPI_SERVER_SECRET') && raw.VAPI_SERVER_SECRET?.trim() === raw.VAPI_PRIVATE_KEY?.trim()) {
    issues.push('VAPI_SERVER_SECRET: must not be VAPI_PRIVATE_KEY (Vapi sends it with every request to this server): make another one');
  }
  if (set('VAPI_PRIVATE_KEY') && !set('VAPI_SERVER_SECRET'))
    issues.push(
      "VAPI_SERVER_SECRET: required when the voice demo is on: the day's minutes are counted from the calls Vapi reports to /api/voice/events (docs/voice.md)",
    );
  if (env?.VOICE_LEAD_TRANSCRIPT === 'on' && !set('VAPI_SERVER_SECRET'))
    issues.push('VOICE_LEAD_TRANSCRIPT: set, but VAPI_SERVER_SECRET is not: the agent takes no callback requests to keep a transcript with');
  const assistants = ['VAPI_ASSISTANT_ID_FR', 'VAPI_ASSISTANT_ID_EN'].filter(set);
  if (assistants.length > 0 && !set('VAPI_PRIVATE_KEY')) {
    issues.push(`${assistants[0]}: set, but VAPI_PRIVATE_KEY is not: no call could be placed`);
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
    caps: {
      submissionsPerNetworkPerDay: e.SUBMISSIONS_PER_NETWORK_PER_DAY,
      storageReserveBytes: e.STORAGE_RESERVE,
      notificationsPerMinute: e.NOTIFICATIONS_PER_MINUTE,
      notificationsPerNetworkPerHour: e.NOTIFICATIONS_PER_NETWORK_PER_HOUR,
      confirmationsPerDomainPerHour: e.CONFIRMATIONS_PER_DOMAIN_PER_HOUR,
    },
    requestTimeouts: { headersMs: e.HEADERS_TIMEOUT, requestMs: e.REQUEST_TIMEOUT },
    logLevel: e.LOG_LEVEL,
    site,
    notifications: {
      email: e.SMTP_URL && e.NOTIFY_EMAIL_TO && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL.trim(), to: e.NOTIFY_EMAIL_TO, from: e.MAIL_FROM.trim() } : undefined,
      webhook: e.WEBHOOK_URL && e.WEBHOOK_SECRET ? { url: e.WEBHOOK_URL.trim(), secret: e.WEBHOOK_SECRET.trim() } : undefined,
      noneMeant: e.NOTIFY === 'none',
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
      privateKey: e.VAPI_PRIVATE_KEY?.trim() || undefined,
      apiBaseUrl: e.VAPI_API_BASE_URL?.replace(/\/+$/, ''),
      assistantIds: {
        ...(e.VAPI_ASSISTANT_ID_FR ? { fr: e.VAPI_ASSISTANT_ID_FR.trim() } : {}),
        ...(e.VAPI_ASSISTANT_ID_EN ? { en: e.VAPI_ASSISTANT_ID_EN.trim() } : {}),
      },
      rateLimit: e.RATE_LIMIT_VOICE,
      minutesPerDay: e.VOICE_MINUTES_PER_DAY,
      maxConcurrent: e.VOICE_MAX_CONCURRENT,
      maxCallSeconds: e.VOICE_MAX_CALL_SECONDS,
      leads: e.VAPI_SERVER_SECRET ? { serverSecret: e.VAPI_SERVER_SECRET.trim(), keepTranscript: e.VOICE_LEAD_TRANSCRIPT === 'on' } : undefined,
      callRetentionDays: e.VAPI_CALL_RETENTION_DAYS,
    },
    stats: { retentionDays: e.STATS_RETENTION_DAYS, digest: e.STATS_DIGEST === 'on', campaigns: e.STATS_CAMPAIGNS },
  };
}
