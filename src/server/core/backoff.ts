/**
 * The server's one back-off: how long to wait before trying again what failed, for the delivery
 * worker's notifications (DELIVERY_RETRY_BASE, DELIVERY_RETRY_MAX) and for opening the database
 * again (plugins/storage.ts).
 */

/** The wait after the `attempt`th failure (from 1): `firstMs`, doubled after each, at most `maxMs`. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(firstMs * 2 ** Math.min(attempt - 1, 40), maxMs);
}

/** `ms` give or take 20%, so that what failed together does not try again in lockstep. */
export function jittered(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.8 + 0.4 * random()));
}
