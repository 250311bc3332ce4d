import fp from 'fastify-plugin';
import type { SiteConfig } from '../../config/site-schema';
import type { ServerConfig } from '../core/config';
import { apiScope } from '../core/plugins/api-scope';
import type { StoreAccess } from '../core/plugins/storage';
import type { CallsApi } from './calls-api';
import { type VoiceCallsSchedule, keepVoiceCallsPeriodically } from './keeper-schedule';
import { voiceCallRoute } from './call-route';
import { voiceEventsRoute } from './events-route';
import { voiceSessionRoute } from './session-route';
import { voiceStatusRoute } from './status-route';
import type { VoiceStore } from './store';

export type VoicePluginOptions = {
  store: StoreAccess<VoiceStore>;
  voice: ServerConfig['voice'];
  site: SiteConfig;
  /** Vapi's API with the private key (./calls-api.ts); undefined while the demo is off. */
  calls: CallsApi | undefined;
  /** FIRM_TIME_ZONE: the budget's day ends at the firm's midnight. */
  timeZone: string;
  /** When the keeper of the calls looks at them, and the demo's clock (tests move it forward). */
  schedule: VoiceCallsSchedule;
  /** PROOF_OF_WORK: a session takes a solved proof, as the forms do. */
  proofRequired: boolean;
};

/**
 * The voice demo (docs/voice.md): its sessions (./session-route.ts), whether it can be tried now
 * (./status-route.ts), the calls the server places for the page's SDK (./call-route.ts), Vapi's
 * messages (./events-route.ts: callback requests, which are stored as leads through app.leads,
 * and the calls' reports), and the keeper of the calls (./keeper-schedule.ts).
 */
export const voicePlugin = fp<VoicePluginOptions>(
  async (app, { store, voice, site, calls, timeZone, schedule, proofRequired }) => {
    const { now } = schedule;
    await apiScope(app, async (api) => {
      await api.register(voiceSessionRoute, { store, voice, timeZone, now, proofRequired });
      await api.register(voiceStatusRoute, { store, voice, timeZone, now });
      await api.register(voiceCallRoute, { store, voice, calls, now });
      await api.register(voiceEventsRoute, { store, voice, site, timeZone, now });
    });
    keepVoiceCallsPeriodically(app, { store, voice, calls, timeZone, schedule });
  },
  { name: 'voice', dependencies: ['storage', 'rate-limit', 'outbox', 'proof-of-work', 'leads'] },
);
