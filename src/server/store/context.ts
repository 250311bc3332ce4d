import type { Kysely, Transaction } from 'kysely';
import type { Engine } from './migrations';
import type { OutboxPolicy } from './outbox';
import type { Database } from './tables';

/**
 * What every repository of the store (contacts, newsletter, settings, limits) works with: the
 * database, the engine it runs on, which notification jobs a lead's write queues, and the two
 * kinds of write. index.ts makes one per opened database.
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

/** A query runs on the database or inside a transaction. */
export type Runner = Kysely<Database> | Transaction<Database>;

/** What the store logs through (the app's pino logger fits). */
export type StoreLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

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

/** Providers that deliver every dotted spelling of an address's local part to the same mailbox. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, as providers deliver it: lower case, without a `+tag`, and for
 * Gmail without dots in the local part (googlemail.com is gmail.com), so that `v.ictim+1@gmail.com`
 * and `victim@googlemail.com` are one mailbox to every limit on what is sent to it.
 */
export function mailboxOf(email: string): { mailbox: string; domain: string } {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS[domain]) {
    domain = DOTLESS_DOMAINS[domain]!;
    local = local.replaceAll('.', '');
  }
  return { mailbox: `${local}@${domain}`, domain };
}

/** PostgreSQL (timestamptz) reads timestamps back as Date, SQLite (text) as the ISO string written: both become that string. */
export function isoTimestamp(value: Date | string): string {
  return new Date(value).toISOString();
}
