import { z } from 'zod/mini';
import { isEmailAddress } from '../contracts/form-rules.ts';
import type { Locale } from '../contracts/locales';

/**
 * The firm's public identity and keys, read from environment variables at build time
 * (the page is prerendered, so these end up in static HTML). Only public values belong here:
 * anything in this object is shipped to every visitor.
 */
const text = (fallback: string) => z._default(z.string().check(z.trim(), z.minLength(1)), fallback);
const optionalText = () => z.optional(z.string().check(z.trim(), z.minLength(1)));
const RETENTION = 'expected a whole number of days from 1 to 3650';

/** The firm's public addresses, by the forms' rule (src/contracts/form-rules.ts). Imported with its extension: vite.config.ts loads this file. */
const email = (fallback: string) => z._default(z.string().check(z.refine(isEmailAddress, 'expected an e-mail address, e.g. bonjour@example.com')), fallback);

const siteEnvSchema = z.object({
  SITE_BRAND_NAME: text('Atelier IA'),
  SITE_URL: z._default(z.url({ protocol: /^https?$/, error: "expected the site's address, e.g. https://www.example.com" }), 'https://www.example.com'),
  SITE_PHONE: text('+1 514-555-0142'),
  SITE_EMAIL: email('bonjour@example.com'),
  SITE_STREET: text('1250 rue Example, bureau 400'),
  SITE_CITY: text('Montréal'),
  SITE_REGION: text('QC'),
  SITE_POSTAL_CODE: text('H3B 0A1'),
  SITE_COUNTRY: text('CA'),
  SITE_PRIVACY_OFFICER_NAME: text('Marie Tremblay'),
  /** The officer's title in both languages, unless one of the two below is set. */
  SITE_PRIVACY_OFFICER_TITLE: optionalText(),
  SITE_PRIVACY_OFFICER_TITLE_FR: optionalText(),
  SITE_PRIVACY_OFFICER_TITLE_EN: optionalText(),
  SITE_PRIVACY_OFFICER_EMAIL: email('confidentialite@example.com'),
  SITE_RETENTION_DAYS: z._default(z.coerce.number(RETENTION).check(z.int(RETENTION), z.minimum(1, RETENTION), z.maximum(3650, RETENTION)), 730),
});

export type SiteConfig = {
  brand: string;
  url: string;
  phone: string;
  /** The phone number in E.164-ish form for tel: links. */
  phoneHref: string;
  email: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  /** The person in charge of the protection of personal information (Quebec Law 25). */
  privacyOfficer: { name: string; title: Record<Locale, string>; email: string };
  /**
   * How long contact requests are kept, in days. Stated in the privacy policy and applied by
   * `npm run purge` (its default --older-than).
   */
  retentionDays: number;
  /**
   * Two choices of the deployment that the privacy policy states: where leads are stored
   * (PostgreSQL when DATABASE_URL is set, SQLite otherwise) and whether a call's transcript is kept
   * with a callback request (VOICE_LEAD_TRANSCRIPT=on, with VAPI_SERVER_SECRET). Read from the
   * server's own variables, which src/server/core/config/ checks before anything is built; the page is
   * built with them, so changing one means building a new release (`npm run release`).
   */
  policy: {
    database: 'SQLite' | 'PostgreSQL';
    keepsCallTranscripts: boolean;
    /** Days the site's daily counts and the demo's call records are kept (STATS_RETENTION_DAYS). */
    statsRetentionDays: number;
    /** Days after a demo call the server has Vapi delete its record (VAPI_CALL_RETENTION_DAYS; 0: once its report is in). */
    vapiCallRetentionDays: number;
  };
  /** The year the page was built in: the footer's ©. */
  copyrightYear: number;
};

export class ConfigError extends Error {}

/**
 * The fictional officer's title, as each language writes it after a name (« Marie Tremblay,
 * présidente », "Marie Tremblay, President"): each language's variable, else
 * SITE_PRIVACY_OFFICER_TITLE, else this.
 */
const FICTIONAL_OFFICER_TITLE: Record<Locale, string> = { fr: 'présidente', en: 'President' };

/**
 * The server's retention settings the privacy policy states, with their defaults: the server's
 * configuration takes these defaults and checks the values at start (an invalid one stops it), so
 * the page only reads them.
 */
export const RETENTION_DEFAULTS = { STATS_RETENTION_DAYS: 760, VAPI_CALL_RETENTION_DAYS: 30 } as const;
const wholeDays = (value: string | undefined, fallback: number) => (value?.trim() && /^\d+$/.test(value.trim()) ? Number(value.trim()) : fallback);

/** The variables read at build time (deploy/env.example must name each). */
export const SITE_VARIABLES = Object.keys(siteEnvSchema.shape) as (keyof typeof siteEnvSchema.shape)[];

/**
 * The firm's identity: their defaults are fictional, good for a trial and never for the firm's
 * own site, where they would put a made-up phone number and privacy officer in front of clients.
 * A production build refuses them unset.
 */
export const IDENTITY_VARIABLES = [
  'SITE_BRAND_NAME',
  'SITE_URL',
  'SITE_PHONE',
  'SITE_EMAIL',
  'SITE_STREET',
  'SITE_CITY',
  'SITE_POSTAL_CODE',
  'SITE_PRIVACY_OFFICER_NAME',
  'SITE_PRIVACY_OFFICER_TITLE',
  'SITE_PRIVACY_OFFICER_EMAIL',
] as const satisfies readonly (typeof SITE_VARIABLES)[number][];

/** Domains reserved for examples (RFC 2606, RFC 6761): never a firm's address. */
const EXAMPLE_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid)$/i;
const atExampleDomain = (host: string) => (EXAMPLE_DOMAIN.test(host) ? `is at ${host}, a domain reserved for examples` : undefined);
const emailRule = (value: string) => atExampleDomain(value.split('@')[1] ?? '');

/**
 * Values that cannot be a firm's, whoever set them: what each rule finds, or undefined. A real
 * value that happens to equal a default (a firm in Montréal, a brand "Atelier IA", an officer
 * titled « présidente ») is not one of them.
 */
const PLACEHOLDER_RULES: Partial<Record<(typeof IDENTITY_VARIABLES)[number], (value: string) => string | undefined>> = {
  SITE_URL: (value) => atExampleDomain(URL.canParse(value) ? new URL(value).hostname : ''),
  SITE_EMAIL: emailRule,
  SITE_PRIVACY_OFFICER_EMAIL: emailRule,
  // 555-0100 to 555-0199: the North American numbers reserved for fiction, the default's among them.
  SITE_PHONE: (value) => (/55501\d\d$/.test(value.replace(/\D/g, '')) ? 'is a number reserved for fiction (555-0100 to 555-0199)' : undefined),
  SITE_STREET: (value) => (/\bexample\b/i.test(value) ? 'is the example address' : undefined),
};

/**
 * Why the identity the page would be built with is not the firm's, one line per variable: unset
 * (the fictional default would be used), at a domain reserved for examples, the fictional phone
 * number or the example street.
 */
export function placeholderSettings(env: Record<string, string | undefined>): string[] {
  const fictional = { ...siteEnvSchema.parse({}), SITE_PRIVACY_OFFICER_TITLE: Object.values(FICTIONAL_OFFICER_TITLE).join(', ') };
  const lines: string[] = [];
  for (const key of IDENTITY_VARIABLES) {
    const value = env[key]?.trim();
    // The title is set once per language instead.
    if (key === 'SITE_PRIVACY_OFFICER_TITLE' && env.SITE_PRIVACY_OFFICER_TITLE_FR?.trim() && env.SITE_PRIVACY_OFFICER_TITLE_EN?.trim()) continue;
    if (!value) {
      lines.push(`${key}: not set, so the fictional default (${fictional[key]})`);
      continue;
    }
    const problem = PLACEHOLDER_RULES[key]?.(value);
    if (problem) lines.push(`${key}: ${value} ${problem}`);
  }
  return lines;
}

/**
 * Parses the environment, failing with one line per bad variable. Empty strings count as unset.
 * `now`: when the page is built (its © year).
 */
export function loadSiteConfig(env: Record<string, string | undefined>, now = new Date()): SiteConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in siteEnvSchema.shape && value !== undefined && value.trim() !== ''));
  const parsed = siteEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid site configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    brand: e.SITE_BRAND_NAME,
    url: e.SITE_URL.replace(/\/+$/, ''),
    phone: e.SITE_PHONE,
    phoneHref: `tel:${e.SITE_PHONE.replace(/[^\d+]/g, '')}`,
    email: e.SITE_EMAIL,
    address: {
      street: e.SITE_STREET,
      city: e.SITE_CITY,
      region: e.SITE_REGION,
      postalCode: e.SITE_POSTAL_CODE,
      country: e.SITE_COUNTRY,
    },
    privacyOfficer: {
      name: e.SITE_PRIVACY_OFFICER_NAME,
      title: {
        fr: e.SITE_PRIVACY_OFFICER_TITLE_FR ?? e.SITE_PRIVACY_OFFICER_TITLE ?? FICTIONAL_OFFICER_TITLE.fr,
        en: e.SITE_PRIVACY_OFFICER_TITLE_EN ?? e.SITE_PRIVACY_OFFICER_TITLE ?? FICTIONAL_OFFICER_TITLE.en,
      },
      email: e.SITE_PRIVACY_OFFICER_EMAIL,
    },
    retentionDays: e.SITE_RETENTION_DAYS,
    policy: {
      database: env.DATABASE_URL?.trim() ? 'PostgreSQL' : 'SQLite',
      keepsCallTranscripts: env.VOICE_LEAD_TRANSCRIPT?.trim() === 'on' && Boolean(env.VAPI_SERVER_SECRET?.trim()),
      statsRetentionDays: wholeDays(env.STATS_RETENTION_DAYS, RETENTION_DEFAULTS.STATS_RETENTION_DAYS),
      vapiCallRetentionDays: wholeDays(env.VAPI_CALL_RETENTION_DAYS, RETENTION_DEFAULTS.VAPI_CALL_RETENTION_DAYS),
    },
    copyrightYear: now.getFullYear(),
  };
}
