import type { NotificationConfig } from '../config';
import type { LeadEvent } from '../store';
import type { Sender } from './sender';
import { WEBHOOK_HEADERS, signWebhook } from './signature';

export class WebhookRejectedError extends Error {
  override name = 'WebhookRejectedError';
}

/**
 * POSTs the event as JSON to WEBHOOK_URL, signed (./signature.ts). Only a 2xx answer counts as
 * delivered; anything else, a redirect included (a signed body is not re-sent elsewhere), is
 * retried later. The body is the same bytes on every attempt; the timestamp and signature are
 * made afresh for each.
 */
export function webhookSender(settings: NonNullable<NotificationConfig['webhook']>): Sender {
  return {
    async send(event: LeadEvent, signal) {
      const body = JSON.stringify(event);
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'AtelierIA-Webhooks/1',
          [WEBHOOK_HEADERS.id]: event.id,
          [WEBHOOK_HEADERS.event]: event.type,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(settings.secret, timestamp, body),
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
