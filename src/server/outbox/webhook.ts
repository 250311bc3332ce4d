import { type NotificationConfig, webhookKey } from '../core/config';
import type { OutboxEvent } from '../core/database/outbox';
import type { Sender } from './sender';
import { WEBHOOK_HEADERS, signWebhook } from './signature';

export class WebhookRejectedError extends Error {
  override name = 'WebhookRejectedError';
}

/**
 * POSTs the event as JSON to WEBHOOK_URL, signed as Standard Webhooks specifies (./signature.ts).
 * Only a 2xx answer counts as delivered; anything else, a redirect included (a signed body is not
 * re-sent elsewhere), is retried later. The body and the webhook-id are the same on every attempt;
 * the timestamp and signature are made afresh for each.
 */
export function webhookSender(settings: NonNullable<NotificationConfig['webhook']>): Sender {
  const parsed = webhookKey(settings.secret);
  // The configuration refuses such a secret at start-up (core/config/webhook-secret.ts); this only guards direct use.
  if ('problem' in parsed) throw new Error(`WEBHOOK_SECRET: ${parsed.problem}`);
  const { key } = parsed;
  return {
    async send(event: OutboxEvent, signal) {
      const body = JSON.stringify(event);
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'AtelierIA-Webhooks/1',
          [WEBHOOK_HEADERS.id]: event.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(key, event.id, timestamp, body),
        },
        body,
        redirect: 'manual',
        signal,
      });
      // Read (and drop) the body so the connection can be reused; its content is not ours to log.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new WebhookRejectedError(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    },
    close() {},
  };
}
