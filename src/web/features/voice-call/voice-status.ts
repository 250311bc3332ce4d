import { API_PATHS } from '../../../contracts/api';
import type { Locale } from '../../../contracts/locales';
import { VOICE_DEMO_STATES, type VoiceDemoState } from '../../../contracts/voice-call';
import type { VoiceDemoUnavailable } from '../../../content/types';

/** What the card shows before a press: the demo can be tried, or why not (each has its words, content's `voiceDemo.states`). */
export type DemoAvailability = 'ready' | VoiceDemoUnavailable;

/** The server's states as the card tells them: not set up and a database not answering read the same to a visitor. */
const AVAILABILITY: Record<VoiceDemoState, DemoAvailability> = {
  ready: 'ready',
  not_configured: 'unavailable',
  unavailable: 'unavailable',
  minutes_spent: 'budget-spent',
  lines_busy: 'lines-busy',
};

/** Asks whether the demo can be tried now; null when the server could not say (the press then finds out). */
export type StatusRequester = (locale: Locale) => Promise<DemoAvailability | null>;

/**
 * GET /api/voice/status?locale=…: the demo's state before any press (docs/voice.md). No proof of
 * work and nothing counted: the card asks it once, when it comes into view. A network failure, an
 * answer of another shape (a proxy's page, an older server) or a state it does not know is null:
 * the card stays as it was prerendered, and "Call Me" still asks POST /api/voice/session.
 */
export const requestVoiceStatus: StatusRequester = async (locale) => {
  try {
    const response = await fetch(`${API_PATHS.voiceStatus}?locale=${locale}`, { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const { state } = (await response.json()) as { state?: unknown };
    return (VOICE_DEMO_STATES as readonly unknown[]).includes(state) ? AVAILABILITY[state as VoiceDemoState] : null;
  } catch {
    return null;
  }
};
