import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, in the style of Stripe's: the receiver recomputes
 * HMAC-SHA256(secret, `${timestamp}.${body}`) over the raw body and compares. Signing the
 * timestamp with the body lets the receiver refuse a captured request replayed later.
 * docs/webhooks.md shows the same check for receivers in a few lines.
 */

export const WEBHOOK_HEADERS = {
  /** The event id: the same on every retry, so the receiver can drop duplicates. */
  id: 'x-atelieria-id',
  /** `contact.created` or `newsletter.subscribed` (also in the body). */
  event: 'x-atelieria-event',
  /** Unix time in seconds when this attempt was signed. */
  timestamp: 'x-atelieria-timestamp',
  /** `v1=<hex>`: the scheme is versioned so it can change without breaking receivers. */
  signature: 'x-atelieria-signature',
} as const;

/** How old a signed timestamp may be before verification refuses it. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type VerifyInput = {
  secret: string;
  /** The request body exactly as received (before any JSON parsing). */
  body: string | Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
  toleranceSeconds?: number;
  /** Current time in ms (tests). */
  now?: number;
};

export type VerifyResult = { ok: true } | { ok: false; reason: 'missing_headers' | 'stale_timestamp' | 'bad_signature' };

/** Checks a received webhook; constant-time comparison. */
export function verifyWebhookSignature(input: VerifyInput): VerifyResult {
  const { secret, timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return { ok: false, reason: 'missing_headers' };
  const ageSeconds = Math.abs((input.now ?? Date.now()) / 1000 - Number(timestamp));
  if (ageSeconds > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: 'stale_timestamp' };
  const body = typeof input.body === 'string' ? input.body : input.body.toString('utf8');
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const received = Buffer.from(signature.trim());
  const matches = received.length === expected.length && timingSafeEqual(received, expected);
  return matches ? { ok: true } : { ok: false, reason: 'bad_signature' };
}
