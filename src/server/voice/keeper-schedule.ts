import type { VoiceConfig } from '../core/config';
import type { CallsApi } from './calls-api';
import { keepVoiceCalls } from './call-keeper';
import type { FastifyInstance } from 'fastify';
import type { StoreAccess } from '../core/plugins/storage';
import type { VoiceStore } from './store';
import { type Schedule, runPeriodically } from '../core/plugins/periodic';

export type VoiceCallsSchedule = Schedule;

const DEFAULT_SCHEDULE: VoiceCallsSchedule = { firstCheckMs: 5_000, checkEveryMs: 5_000, now: () => new Date() };

/**
 * The keeper of the demo's calls (./call-keeper.ts): every few seconds, on one instance at a
 * time (PostgreSQL's advisory lock), the placed calls nobody joined are ended and the calls whose
 * report never came are settled from Vapi's record. Only while the demo is on.
 */
export function keepVoiceCallsPeriodically(
  app: FastifyInstance,
  {
    store: access,
    voice,
    calls,
    timeZone,
    schedule,
  }: { store: StoreAccess<VoiceStore>; voice: VoiceConfig; calls: CallsApi | undefined; timeZone: string; schedule: VoiceCallsSchedule },
): void {
  if (!calls) return;
  const log = app.log.child({ component: 'voice-calls' });
  runPeriodically(app, schedule, async () => {
    const store = access.current();
    if (!store) return;
    try {
      await store.exclusively('voiceCalls', () => keepVoiceCalls({ store, calls, maxCallSeconds: voice.maxCallSeconds, timeZone, now: schedule.now(), log }));
    } catch (error) {
      log.warn({ err: error }, 'voice calls: the keeper failed; trying again at the next check');
    }
  });
}

export { DEFAULT_SCHEDULE as VOICE_CALLS_SCHEDULE };
