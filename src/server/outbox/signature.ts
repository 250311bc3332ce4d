import { createHmac } from 'node:crypto';

/**
 * Webhook signatures as the Standard Webhooks specification (https://www.standardwebhooks.com)
 * defines them, so the firm's tools verify our deliveries without custom code: Svix, the official
 * `standardwebhooks` libraries (JavaScript, Python, Go, PHP, Ruby, Java, Rust, ...), automation
 * platforms that support the format. The receiver recomputes HMAC-SHA256 over
 * `${id}.${timestamp}.${body}` (the raw body) with the shared key and compares; signing the id and
 * the timestamp with the body lets it refuse a captured request replayed later.
 * The key is WEBHOOK_SECRET's, read by ../core/config/webhook-secret.ts.
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

/** The `webhook-signature` header value for one attempt. */
export function signWebhook(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
