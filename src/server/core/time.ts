/**
 * The server's units of time, in milliseconds: the one place they are spelled out, so that a
 * window, a lifetime or a schedule reads as `30 * DAY_MS` wherever it is set.
 */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
