import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed unsubscribe links (CASL: every message carries a working way to withdraw consent).
 *
 * A link names the subscription and carries an HMAC-SHA256 of its id under a secret only the
 * server knows (created with the database schema, see store/migrations.ts), so nobody can forge a
 * link for someone else's address. Links never expire: the law wants unsubscribing to keep
 * working for at least 60 days after a message, and an old newsletter in an inbox should still
 * work years later.
 */
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

export function unsubscribeToken(secret: string, subscriptionId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe:v1:${subscriptionId}`).digest('base64url');
}

export function verifyUnsubscribeToken(secret: string, subscriptionId: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, subscriptionId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(siteUrl: string, secret: string, subscriptionId: number): string {
  const url = new URL(UNSUBSCRIBE_PATH, `${siteUrl}/`);
  url.searchParams.set('s', String(subscriptionId));
  url.searchParams.set('t', unsubscribeToken(secret, subscriptionId));
  return url.href;
}

/** The id and token of a link's query, or undefined when they are missing or malformed. */
export function parseUnsubscribeQuery(query: unknown): { id: number; token: string } | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const { s, t } = query as Record<string, unknown>;
  if (typeof s !== 'string' || !/^[1-9]\d{0,15}$/.test(s)) return undefined;
  if (typeof t !== 'string' || !/^[\w-]{43}$/.test(t)) return undefined;
  const id = Number(s);
  return Number.isSafeInteger(id) ? { id, token: t } : undefined;
}
