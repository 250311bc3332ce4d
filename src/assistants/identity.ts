import type { Locale } from '../contracts/locales';

/**
 * How `voice:sync` finds its assistants again among the organization's: `metadata[ASSISTANT_KEY]`
 * (never a local state file, which can be lost, nor the name, which follows the brand). Vapi sends
 * the assistant with its server messages, so the server reads the call's language from it too.
 */
export const ASSISTANT_KEY = 'siteAssistant';
export const assistantKey = (locale: Locale) => `voice-demo-${locale}`;
