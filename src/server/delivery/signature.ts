import { createHmac } from 'node:crypto';

/**
 * Webhook signatures as the Standard Webhooks specification (https://www.standardwebhooks.com)
 * defines them, so the firm's tools verify our deliveries without custom code: Svix, the official
 * `standardwebhooks` libraries (JavaScript, Python, Go, PHP, Ruby, Java, Rust, ...), automation
 * platforms that support the format. The receiver recomputes HMAC-SHA256 over
 * `${id}.${timestamp}.${body}` (the raw body) with the shared key and compares; signing the id and
 * the timestamp with the body lets it refuse a captured request replayed later.
 * docs/webhooks.md is the contract; the tests verify deliveries with the `standardwebhooks` package.
 */

export const WEBHOOK_HEADERS = {
  /** The event id: the same on every retry, so the receiver can drop duplicates. */
  id: 'webhook-id',
  /** Unix time in seconds when this attempt was signed. */
  timestamp: 'webhook-timestamp',
  /** `v1,<base64 signature>`; the spec allows several, space-separated, for key rotation. */
  signature: 'webhook-signature',
} as const;

const SECRET_PREFIX = 'whsec_';
/** Standard base64, padded: what the libraries decode. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** The key length the specification asks for. */
const KEY_BYTES = { min: 24, max: 64 } as const;

export const WEBHOOK_SECRET_HINT = `whsec_ followed by ${KEY_BYTES.min} to ${KEY_BYTES.max} random bytes in base64 (Standard Webhooks); make one with: node -e "console.log('whsec_' + require('crypto').randomBytes(32).toString('base64'))"`;

/** The signing key of a `whsec_…` secret, or why the secret is not one. */
export function webhookKey(secret: string): { key: Buffer } | { problem: string } {
  const value = secret.trim();
  if (!value.startsWith(SECRET_PREFIX)) return { problem: `expected ${WEBHOOK_SECRET_HINT}; it does not start with whsec_` };
  const encoded = value.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded)) return { problem: `expected ${WEBHOOK_SECRET_HINT}; what follows whsec_ is not base64` };
  const key = Buffer.from(encoded, 'base64');
  if (key.length < KEY_BYTES.min || key.length > KEY_BYTES.max) return { problem: `expected ${WEBHOOK_SECRET_HINT}; it holds ${key.length} bytes` };
  return { key };
}

/** The `webhook-signature` header value for one attempt. */
export function signWebhook(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
