/**
 * WEBHOOK_SECRET's format: a Standard Webhooks secret (https://www.standardwebhooks.com), `whsec_`
 * then the signing key in base64, the form the firm's tools and the official libraries take.
 * Parsed here, with the configuration; outbox/signature.ts signs with the key it gives.
 */

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
