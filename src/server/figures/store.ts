import type { LeadSource } from '../../contracts/lead-event';
import type { DatabaseStore } from '../core/database/open';
import type { StatsRepository } from './repository';

/** The part of the store the figures write and keep: the counters, and the digest's settings. */
export type FiguresStore = StatsRepository & Pick<DatabaseStore, 'setting' | 'saveSetting'>;

/**
 * What a report reads (./report.ts, ./digest.ts): the counters, and from the capabilities that keep
 * them, the period's leads (leads/repository.ts) and the demo's calls (voice/call-records-repository.ts).
 * The whole store (src/server/store.ts) is one.
 */
export type FiguresSource = Pick<StatsRepository, 'statsRows'> &
  Pick<DatabaseStore, 'setting'> & {
    leadsBetween(from: Date, to: Date): Promise<LeadLine[]>;
    callsBetween(from: Date, to: Date): Promise<CallLine[]>;
  };

/** A lead as the digest lists it: when, who, from where. */
export type LeadLine = { createdAt: string; name: string; company: string | null; source: LeadSource; locale: string | null };
/** A call as the figures count it: its language, length, cost (US dollars, null while not known), and whether it ended in a callback request. */
export type CallLine = { startedAt: string; locale: string | null; seconds: number | null; cost: number | null; callback: boolean };
