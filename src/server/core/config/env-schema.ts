import ipaddr from 'ipaddr.js';
import { z } from 'zod/mini';
import { LOG_LEVELS, type RateLimit } from './types';
import { isEmailAddress } from '../../../contracts/fields';
import { LOCALES } from '../../../contracts/locales';
import { CAMPAIGN } from '../../../contracts/stats';
import { parseAddress } from '../network';
import { DEFAULT_FIRM_TIME_ZONE } from '../calendar';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../time';
import { webhookKey } from './webhook-secret';
import { RETENTION_DEFAULTS } from '../../../config/site-schema';

/**
 * Every variable the server reads (the site's SITE_* aside: src/config/site-schema.ts), with its
 * default and the one-line message a bad value gets. Empty strings are removed before parsing
 * (./load.ts), so `FOO=` in a .env file means "use the default".
 */

/** The most campaigns STATS_CAMPAIGNS names (the figures' tables list them all). */
export const STATS_CAMPAIGNS_MAX = 20;

/** Named ranges understood by Fastify's trustProxy (proxy-addr). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * An entry Fastify's trustProxy (proxy-addr, on ipaddr.js) takes: a named range, an address, or
 * a range as address/length or, in IPv4, address/netmask (10.0.0.0/255.255.0.0). Refused here,
 * with the variable named, what proxy-addr would refuse at start-up with a stack trace: a /0 (every
 * address), a netmask whose ones are not all on the left, a zone other than letters and digits.
 */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const ip = parseAddress(address);
  if (!ip || rest.length > 0) return false;
  if (range === undefined) return true;
  if (ip.kind() === 'ipv4' && ipaddr.IPv4.isValidFourPartDecimal(range)) return (ipaddr.IPv4.parse(range).prefixLengthFromSubnetMask() ?? 0) > 0;
  return ipaddr.isValidCIDR(entry) && ipaddr.parseCIDR(entry)[1] > 0;
}

const rateLimit = (fallback: string) =>
  z.pipe(
    z._default(z.string().check(z.regex(/^[1-9]\d*\/[1-9]\d*$/, 'expected "<max>/<seconds>", e.g. "5/600"')), fallback),
    z.transform((value: string): RateLimit => {
      const [max, windowSeconds] = value.split('/').map(Number) as [number, number];
      return { max, windowSeconds };
    }),
  );

const DURATION_UNITS_MS = { ms: 1, s: SECOND_MS, m: MINUTE_MS, h: HOUR_MS, d: DAY_MS } as const;

/** "500ms", "30s", "15m", "48h", "2d" → milliseconds. */
const duration = (fallback: string) =>
  z.pipe(
    z._default(z.string().check(z.regex(/^\s*[1-9]\d*\s*(ms|s|m|h|d)\s*$/, 'expected a duration such as 500ms, 30s, 15m, 48h or 2d')), fallback),
    z.transform((value: string) => {
      const [, amount = '0', unit = 's'] = /(\d+)\s*(ms|s|m|h|d)/.exec(value) ?? [];
      return Number(amount) * DURATION_UNITS_MS[unit as keyof typeof DURATION_UNITS_MS];
    }),
  );

/**
 * The work factor: counters 0-499 of PBKDF2 at 5,000 iterations each, for a median solve of about
 * 0.9 s on a phone-class CPU (250 attempts × 0.87 ms × 4) and 0.25 s of an attacker's CPU per
 * accepted post (docs/security.md, `npm run bench:proof`).
 */
export const DEFAULT_PROOF_ATTEMPTS = 500;

const SIZE_UNITS = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 } as const;

/** "500MB", "2GB", "0" → bytes (binary units: 1 MB = 1,048,576 bytes). */
const size = (fallback: string) =>
  z.pipe(
    z._default(z.string().check(z.regex(/^\s*(0|\d+\s*(B|KB|MB|GB|TB))\s*$/i, 'expected a size such as 500MB or 2GB (or 0 for none)')), fallback),
    z.transform((value: string) => {
      const [, amount = '0', unit = 'B'] = /(\d+)\s*([a-z]*)/i.exec(value) ?? [];
      return Number(amount) * SIZE_UNITS[(unit.toUpperCase() || 'B') as keyof typeof SIZE_UNITS];
    }),
  );

const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `expected a whole number from ${min} to ${max}`;
  return z._default(z.coerce.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message)), fallback);
};

/**
 * A comma-separated list, its entries trimmed and the empty ones dropped, each held to `isEntry`:
 * those it refuses are named in one line, `<refused>: a, b`, after what `checks` find of the list.
 */
const commaList = (isEntry: (entry: string) => boolean, refused: string, ...checks: z.core.$ZodCheck<string[]>[]) =>
  z.pipe(
    z.transform((value: string) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
    z.array(z.string()).check(
      ...checks,
      z.superRefine((entries, ctx) => {
        const bad = entries.filter((entry) => !isEntry(entry));
        if (bad.length > 0) ctx.issues.push({ code: 'custom', input: entries, message: `${refused}: ${bad.join(', ')}` });
      }),
    ),
  );

/** The address in `Atelier IA <noreply@example.com>`, or the whole value when it has no display name. */
function addressOf(mailbox: string): string {
  const named = /^[^<>]*<([^<>]*)>$/.exec(mailbox);
  return (named?.[1] ?? mailbox).trim();
}

function isTimeZone(zone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

export const envSchema = z.object({
  PORT: z._default(
    z.coerce.number('expected a port number').check(z.int('expected a port number'), z.minimum(0, 'expected 0-65535'), z.maximum(65535, 'expected 0-65535')),
    3000,
  ),
  HOST: z._default(z.string(), '0.0.0.0'),
  // Refused at start unless it is a PostgreSQL URL: pg would take any other text for a host name
  // and retry it forever (getaddrinfo ENOTFOUND), and a mysql:// URL for PostgreSQL.
  DATABASE_URL: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => /^postgres(ql)?:\/\//.test(value.trim()) && URL.canParse(value.trim()),
          'expected postgres://user:password@host:5432/database (or postgresql://), special characters in the password %-encoded',
        ),
      ),
  ),
  SQLITE_PATH: z._default(z.string(), './data/leads.sqlite'),
  STATIC_DIR: z._default(z.string(), './dist'),
  TRUST_PROXY: z.pipe(z._default(z.string(), ''), commaList(isProxyEntry, 'not an IP address or CIDR range')),
  RATE_LIMIT_CONTACT: rateLimit('5/600'),
  RATE_LIMIT_NEWSLETTER: rateLimit('10/600'),
  RATE_LIMIT_CHALLENGE: rateLimit('30/600'),
  RATE_LIMIT_LINKS: rateLimit('20/600'),
  PROOF_OF_WORK: z._default(z.enum(['on', 'off'], 'expected on or off'), 'on'),
  PROOF_OF_WORK_ATTEMPTS: wholeNumber(2, 100_000_000, DEFAULT_PROOF_ATTEMPTS),
  SUBMISSIONS_PER_NETWORK_PER_DAY: wholeNumber(1, 100_000_000, 100),
  STORAGE_RESERVE: size('500MB'),
  NOTIFICATIONS_PER_MINUTE: wholeNumber(1, 100_000, 20),
  NOTIFICATIONS_PER_NETWORK_PER_HOUR: wholeNumber(1, 100_000, 5),
  CONFIRMATIONS_PER_DOMAIN_PER_HOUR: wholeNumber(1, 100_000, 20),
  HEADERS_TIMEOUT: duration('10s'),
  REQUEST_TIMEOUT: duration('30s'),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS, `expected one of ${LOG_LEVELS.join(', ')}`), 'info'),

  SMTP_URL: z.optional(
    z
      .string()
      .check(
        z.refine((value) => /^smtps?:\/\/[^/\s]+/.test(value.trim()) && URL.canParse(value.trim()), 'expected smtp://user:password@host:587 or smtps://...'),
      ),
  ),
  NOTIFY_EMAIL_TO: z.optional(commaList(isEmailAddress, 'not an e-mail address', z.minLength(1, 'expected one or more e-mail addresses, comma-separated'))),
  MAIL_FROM: z.optional(
    z.string().check(z.refine((value) => isEmailAddress(addressOf(value.trim())), 'expected an address, e.g. "Atelier IA <leads@example.com>"')),
  ),
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
  // Leads stored and nobody told, on purpose: without it, production warns at every start.
  NOTIFY: z.optional(z.enum(['none'], 'expected none (no e-mail, no webhook, on purpose), or nothing')),
  FIRM_LOCALE: z._default(z.enum(LOCALES, `expected one of ${LOCALES.join(', ')}`), 'fr'),
  FIRM_TIME_ZONE: z._default(
    z.string().check(z.refine((value) => isTimeZone(value.trim()), `expected an IANA time zone, e.g. ${DEFAULT_FIRM_TIME_ZONE}`)),
    DEFAULT_FIRM_TIME_ZONE,
  ),
  // More than DELIVERY_MAX_AGE allows at the default back-off (about 50 in 48 h): the age decides, so a relay down for a day (a spent sending quota) loses nothing.
  DELIVERY_MAX_ATTEMPTS: wholeNumber(1, 1000, 100),
  DELIVERY_MAX_AGE: duration('48h'),
  DELIVERY_RETRY_BASE: duration('30s'),
  DELIVERY_RETRY_MAX: duration('1h'),
  DELIVERY_TIMEOUT: duration('15s'),
  DELIVERY_LEASE: duration('2m'),
  DELIVERY_POLL: duration('5s'),
  DELIVERY_BATCH: wholeNumber(1, 100, 10),

  VAPI_PRIVATE_KEY: z.optional(z.string()),
  VAPI_ASSISTANT_ID_FR: z.optional(z.string()),
  VAPI_ASSISTANT_ID_EN: z.optional(z.string()),
  // A proxy in front of Vapi's API (or the tests' stand-in): the server alone calls it.
  VAPI_API_BASE_URL: z.optional(z.url({ protocol: /^https?$/, error: 'expected an https:// address' })),
  RATE_LIMIT_VOICE: rateLimit('3/600'),
  VOICE_MINUTES_PER_DAY: wholeNumber(1, 1_000_000, 300),
  // Vapi's default number of simultaneous calls per organization.
  VOICE_MAX_CONCURRENT: wholeNumber(1, 10_000, 10),
  // Vapi's own bounds for maxDurationSeconds.
  VOICE_MAX_CALL_SECONDS: wholeNumber(10, 43_200, 180),
  VAPI_SERVER_SECRET: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => /^[\x21-\x7e]{32,256}$/.test(value.trim()),
          'expected 32 to 256 printable characters without spaces, e.g. the output of: openssl rand -base64 32',
        ),
      ),
  ),
  VOICE_LEAD_TRANSCRIPT: z._default(z.enum(['on', 'off'], 'expected on or off'), 'off'),
  // Days each demo call's record stays at Vapi (0: the first daily run once it is settled). At most
  // STATS_RETENTION_DAYS' own most: the call's row, with its id, goes with the figures by then.
  VAPI_CALL_RETENTION_DAYS: wholeNumber(0, 760, RETENTION_DEFAULTS.VAPI_CALL_RETENTION_DAYS),
  // 25 months: a year compared with the one before, and a month to spare. Also the most: the
  // privacy policy promises the counts are kept 25 months at most.
  STATS_RETENTION_DAYS: wholeNumber(1, 760, RETENTION_DEFAULTS.STATS_RETENTION_DAYS),
  STATS_DIGEST: z._default(z.enum(['on', 'off'], 'expected on or off'), 'on'),
  // The firm's own campaigns, as the page counts a utm_campaign (lower case, `-` between words).
  STATS_CAMPAIGNS: z._default(
    z.pipe(
      z.string(),
      commaList(
        (entry) => CAMPAIGN.test(entry),
        'not a campaign as counted (lower-case letters, digits, - and _, at most 32)',
        z.maxLength(STATS_CAMPAIGNS_MAX, `at most ${STATS_CAMPAIGNS_MAX} campaigns`),
      ),
    ),
    [],
  ),
});

/** The variables the server reads besides the site's (deploy/env.example must name each). */
export const SERVER_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export type Env = z.output<typeof envSchema>;
