import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod/mini';
import { ConfigError as SiteConfigError, type SiteConfig, loadSiteConfig } from '../config/site-schema';

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
  rateLimits: { contact: RateLimit; newsletter: RateLimit };
  logLevel: LogLevel;
  /**
   * The firm's public identity (SITE_* variables, the same ones the page is built with): the
   * server needs the site's address for unsubscribe links and the brand for the pages it renders.
   */
  site: SiteConfig;
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
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS, `expected one of ${LOG_LEVELS.join(', ')}`), 'info'),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment, failing with one line per bad variable. */
export function loadServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid server configuration:\n${lines.join('\n')}`);
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
    rateLimits: { contact: e.RATE_LIMIT_CONTACT, newsletter: e.RATE_LIMIT_NEWSLETTER },
    logLevel: e.LOG_LEVEL,
    site,
  };
}
