import type { DatabaseStore } from '../core/database/open';
import type { VoiceCallRecordsRepository } from './call-records-repository';
import type { VoiceSessionsRepository } from './sessions-repository';

/**
 * The part of the store the voice demo works with: its sessions' holds and its calls, the
 * per-client counter its sessions are limited by, and the lock its keeper runs under. Its
 * callback requests are leads: they go through the leads' plugin (app.leads).
 */
export type VoiceStore = VoiceSessionsRepository & VoiceCallRecordsRepository & Pick<DatabaseStore, 'hitClient' | 'exclusively'>;
