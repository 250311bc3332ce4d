import { ASSISTANT_KEY, assistantKey } from '../../assistants/identity';
import { LOCALES, type Locale } from '../../contracts/locales';
import type { ServerMessage } from './server-messages';

/**
 * The language of the call a server message is about: `given` when it is one (the callback tool's
 * `language` argument), else the assistant's (its metadata key, or the call's assistant id as
 * configured), else English.
 */
export function callLanguage(message: ServerMessage, assistantIds: Partial<Record<Locale, string>>, given?: unknown): Locale {
  if (LOCALES.includes(given as Locale)) return given as Locale;
  const key = message.assistant?.metadata?.[ASSISTANT_KEY];
  return LOCALES.find((locale) => assistantKey(locale) === key || (message.call?.assistantId && assistantIds[locale] === message.call.assistantId)) ?? 'en';
}
