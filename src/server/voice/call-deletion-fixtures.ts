/**
 * What the tests of the deletion of the demo's call records at Vapi (call-deletion*.test.ts) share:
 * the firm's time zone, the moment the daily run is given as its `now` (the calls are seeded days
 * before it, instead of waiting days), and the name of the run's job in its reports.
 */
export const ZONE = 'America/Toronto';
export const NOW = new Date('2026-11-28T15:00:00.000Z');
export const JOB = 'demo call records at Vapi';
