import type { Kysely, Transaction } from 'kysely';
import type { Engine } from './engine';
import type { OutboxPolicy } from './outbox-policy';
import type { Database } from './tables';

/**
 * What every repository of the store (contacts, newsletter, settings, limits) works with: the
 * database, the engine it runs on, which notification jobs a lead's write queues, and the two
 * kinds of write. open.ts makes one per opened database.
 */
export type StoreContext = {
  db: Kysely<Database>;
  engine: Engine;
  policy: OutboxPolicy;
  log: StoreLogger;
  /**
   * Every write runs in a transaction, even a single insert: a lead is written with its consent
   * proof and its outbox jobs, and they share its fate.
   */
  write(work: (trx: Transaction<Database>) => Promise<unknown>): Promise<void>;
  /**
   * A write that stores a submission: the same, within the storage reserve and, given the network it
   * came from, that network's leads per day (./limits.ts).
   */
  submit(work: (trx: Transaction<Database>) => Promise<unknown>, network?: string): Promise<void>;
  /** The same limits, looked at without writing (./limits.ts). */
  checkSubmission(network: string | undefined): Promise<void>;
  /** Today in the firm's time zone (FIRM_TIME_ZONE), the day the figures count in (./stats.ts). */
  statsDay(): string;
};

/**
 * Where a submission came from; filled by the server, not by the visitor's payload. `network`
 * (networkOf the client's address) is never stored with the lead: it counts toward that network's
 * leads per day and orders its notifications, in counters that end with their window.
 */
export type SubmissionOrigin = { locale?: string | null; page?: string | null; network?: string };

/** A query runs on the database or inside a transaction. */
export type Runner = Kysely<Database> | Transaction<Database>;

/** What the store logs through (the app's pino logger fits). */
export type StoreLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

/**
 * Text as it is stored: trimmed, without C0 control characters other than tab and line breaks.
 * PostgreSQL cannot store NUL at all (SQLite can), and the others only serve to garble exports
 * and terminals; removing them keeps both engines identical.
 */
export function cleanText(text: string): string {
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}

/** The unique key of a newsletter address: "  Jane@Example.COM " and "jane@example.com" are one subscriber. */
export function normalizeEmail(email: string): string {
  return cleanText(email).normalize('NFC').toLowerCase();
}

/**
 * Mail providers that deliver several spellings of an address to one inbox: the domains of one
 * account (`domains`, the first being the one the mailbox is named by), whether dots in the local
 * part are ignored (Gmail), and whether `anything@user.<domain>` reaches `user@<domain>`
 * (Fastmail's subdomain addressing). A `+tag` is dropped for every domain (mailboxOf).
 */
const ALIASING_PROVIDERS: ReadonlyArray<{ domains: readonly string[]; dotless?: true; subdomainAddressing?: true }> = [
  { domains: ['gmail.com', 'googlemail.com'], dotless: true },
  { domains: ['icloud.com', 'me.com', 'mac.com'] },
  { domains: ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'] },
  { domains: ['fastmail.com'], subdomainAddressing: true },
  // Outlook's domains are separate accounts (user@hotmail.com is not user@outlook.com); its +tags are dropped as everywhere.
];
const PROVIDER_OF_DOMAIN = new Map(ALIASING_PROVIDERS.flatMap((provider) => provider.domains.map((domain) => [domain, provider] as const)));

/**
 * The mailbox an address reaches, as providers deliver it: lower case, without a `+tag`, and for
 * the providers above under one domain of the account (`vic.tim@googlemail.com` and
 * `victim+x@gmail.com`, `x@me.com` and `x@icloud.com`, `news@jo.fastmail.com` and
 * `jo@fastmail.com`), so that every spelling of one inbox meets the same limit on what is sent to it.
 */
export function mailboxOf(email: string): { mailbox: string; domain: string } {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const parent = domain.slice(domain.indexOf('.') + 1);
  const subdomain = PROVIDER_OF_DOMAIN.get(parent);
  if (subdomain?.subdomainAddressing && domain.indexOf('.') > 0) {
    local = domain.slice(0, domain.indexOf('.'));
    domain = parent;
  }
  const provider = PROVIDER_OF_DOMAIN.get(domain);
  if (provider) {
    domain = provider.domains[0]!;
    if (provider.dotless) local = local.replaceAll('.', '');
  }
  return { mailbox: `${local}@${domain}`, domain };
}

/** PostgreSQL (timestamptz) reads timestamps back as Date, SQLite (text) as the ISO string written: both become that string. */
export function isoTimestamp(value: Date | string): string {
  return new Date(value).toISOString();
}
