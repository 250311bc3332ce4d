import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The newsletter's signed links: unsubscribing (CASL: every message carries a working way to
 * withdraw consent) and confirming a sign-up (double opt-in, when the server sends e-mail).
 *
 * A link names a record (a subscription, a pending sign-up) and carries an HMAC-SHA256 of its
 * purpose and id under a secret only the server knows (created with the database schema, see
 * core/database/migrations-from-0001.ts, read with store.linkSecret()), so nobody can forge a link for someone else's
 * address, nor turn one kind of link into the other. Unsubscribe links never expire: the law wants
 * them to keep working for at least 60 days, and an old newsletter in an inbox should still work
 * years later. A confirmation link also signs the nonce of the e-mail that carried it (`n`), so
 * it confirms that request only, once, and only for 7 days after that e-mail
 * (./links-route.ts): a later sign-up of the same address gets a new link.
 */
export const LINK_PATHS = {
  unsubscribe: '/newsletter/unsubscribe',
  confirm: '/newsletter/confirm',
} as const;
export type LinkPurpose = keyof typeof LINK_PATHS;

/** `nonce`: the e-mail's own, for confirmation links (v2); none for unsubscribe links and older confirmation links (v1). */
export function linkToken(secret: string, purpose: LinkPurpose, id: number, nonce?: string | null): string {
  const message = nonce ? `${purpose}:v2:${id}:${nonce}` : `${purpose}:v1:${id}`;
  return createHmac('sha256', secret).update(message).digest('base64url');
}

export function verifyLinkToken(secret: string, purpose: LinkPurpose, id: number, token: string, nonce?: string | null): boolean {
  const expected = Buffer.from(linkToken(secret, purpose, id, nonce));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `<SITE_URL>/newsletter/<purpose>?s=<id>[&n=<nonce>]&t=<signature>` */
export function linkUrl(siteUrl: string, secret: string, purpose: LinkPurpose, id: number, nonce?: string | null): string {
  const url = new URL(LINK_PATHS[purpose], `${siteUrl}/`);
  url.searchParams.set('s', String(id));
  if (nonce) url.searchParams.set('n', nonce);
  url.searchParams.set('t', linkToken(secret, purpose, id, nonce));
  return url.href;
}

/** The id, nonce and token of a link's query, or undefined when they are missing or malformed. */
export function parseLinkQuery(query: unknown): { id: number; token: string; nonce: string | undefined } | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const { s, t, n } = query as Record<string, unknown>;
  if (typeof s !== 'string' || !/^[1-9]\d{0,15}$/.test(s)) return undefined;
  if (typeof t !== 'string' || !/^[\w-]{43}$/.test(t)) return undefined;
  if (n !== undefined && (typeof n !== 'string' || !/^[\w-]{22}$/.test(n))) return undefined;
  const id = Number(s);
  return Number.isSafeInteger(id) ? { id, token: t, nonce: n } : undefined;
}
