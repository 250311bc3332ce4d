import type { VoiceLocale } from '../../contracts/voice';
import { enAgent } from './en';
import { frAgent } from './fr';
import type { AgentCopy } from './types';

export type { AgentCopy } from './types';

/** The agent's own words, per language of the site. */
export const AGENT_COPY: Record<VoiceLocale, AgentCopy> = { en: enAgent, fr: frAgent };
