import type { Vapi } from '@vapi-ai/server-sdk';
import type { FieldErrorCode } from '../../contracts/fields';
import type { CallbackArgument } from '../../contracts/voice-lead';

/**
 * What the demo's agent is told and says in one language, besides the page's own copy (services,
 * what clients get, FAQ, contact), which ../assistants.ts inserts under `headings`. Strings may hold
 * the page copy's placeholders (`{brand}`, `{phone}`, `{email}`, ...: src/content/index.ts),
 * filled from the site configuration. Written in the language the agent speaks: a prompt in French
 * keeps the model in French.
 */
export type AgentCopy = {
  /** The assistant's name in Vapi's dashboard (at most 40 characters once filled; cut otherwise). */
  name: string;
  /** The agent's first words when the call connects. */
  firstMessage: string;
  /** What it says when it ends the call itself (e.g. at the time limit). */
  endCallMessage: string;
  /** Said by the agent, these end the call (the prompt tells it to close with one). */
  endCallPhrases: string[];
  prompt: {
    /** Who the agent is and what this call is. */
    role: string;
    /** The one language it speaks, and what to do with another. */
    language: string;
    /** Its job in the demo, in order. */
    job: string[];
    /** How to speak on a call. */
    style: string[];
    /** The time limit, in minutes (VOICE_MAX_CALL_SECONDS). */
    timeLimit: (minutes: number) => string;
    /** How to end the call (with one of endCallPhrases). */
    closing: string;
    /** Titles of the parts taken from the page's copy. */
    headings: { services: string; benefits: string; faq: string; contact: string };
    /** Labels of the contact lines ("Phone: {phone}"). */
    contact: { phone: string; email: string };
  };
  /**
   * Taking a callback request during the call (when the server takes them: VAPI_SERVER_SECRET):
   * the prompt's section, the tool's descriptions, and the tool's answers, which the model reads
   * and turns into what it says (single lines; the server sends them: routes/voice-events.ts).
   */
  callback: {
    heading: string;
    /** How to take a request, in order; `tool` is the tool's name. */
    steps: (tool: string) => string[];
    tool: { description: string; parameters: Record<CallbackArgument, string> };
    answers: {
      saved: string;
      alreadyNoted: string;
      /** The request was refused; `problems` lists what is wrong, from `fields` and `codes`. */
      invalid: (problems: string) => string;
      /** Each argument as the model would say it; `contact`: the phone-or-e-mail rule. */
      fields: Record<CallbackArgument | 'contact', string>;
      codes: Record<FieldErrorCode, (field: string) => string>;
      /** Storage is down or past its ceiling: nothing was stored. May hold {phone} and {email}. */
      unavailable: string;
      unknownTool: string;
      /** A message carried more tool calls than the server takes at once: these were not processed. */
      tooMany: string;
      /** The arguments were not a JSON object. */
      unreadable: string;
    };
  };
  /** Deepgram's language code: one language is more accurate than `multi`. */
  transcriberLanguage: Vapi.DeepgramTranscriberLanguage;
  /** A voice native to the language. */
  voice: Vapi.CreateAssistantDtoVoice;
};
