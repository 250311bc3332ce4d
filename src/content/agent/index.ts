import type { Locale } from '../../contracts/locales';
import { enAgent } from './en';
import { frAgent } from './fr';
import type { AgentCopy } from './types';

export type { AgentCopy } from './types';

/** The agent's own words, per language of the site. */
export const AGENT_COPY: Record<Locale, AgentCopy> = { en: enAgent, fr: frAgent };
