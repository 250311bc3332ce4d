import type { ServerConfig } from '../core/config';
import type { Channel } from '../core/database/outbox';
import { type Letters, emailSender } from './email';

export type { Letter, Letters } from './email';
import type { Sender } from './sender';
import { webhookSender } from './webhook';

export { startDeliveryWorker, type DeliveryWorker } from './worker';
export { signWebhook, WEBHOOK_HEADERS } from './signature';

/** A sender per configured channel; empty when the firm configured none. */
export function createSenders(config: Pick<ServerConfig, 'notifications' | 'delivery' | 'site'>, letters: Letters): Partial<Record<Channel, Sender>> {
  const { email, webhook, firmLocale, timeZone } = config.notifications;
  return {
    ...(email ? { email: emailSender(email, { firmLocale, timeZone, timeoutMs: config.delivery.timeoutMs, ...letters }) } : {}),
    ...(webhook ? { webhook: webhookSender(webhook) } : {}),
  };
}
