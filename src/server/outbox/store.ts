import type { DatabaseStore } from '../core/database/open';
import type { DeliveryPromise } from './promise';
import type { DeliveryQueue } from './queue';

/** The part of the store the outbox works on: its queue and promise, and the shared counters its caps use. */
export type OutboxStore = Pick<DatabaseStore, 'hit'> & { readonly deliveries: DeliveryQueue & DeliveryPromise };
