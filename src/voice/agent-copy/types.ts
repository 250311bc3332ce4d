import type { Vapi } from '@vapi-ai/server-sdk';

/**
 * What the demo's agent is told and says in one language, besides the page's own copy (services,
 * what clients get, FAQ, contact), which ../assistants.ts inserts under `headings`. Strings may hold
 * the page copy's placeholders (`{brand}`, `{phone}`, `{email}`, ...: src/web/content/index.ts),
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
  /** Deepgram's language code: one language is more accurate than `multi`. */
  transcriberLanguage: Vapi.DeepgramTranscriberLanguage;
  /** A voice native to the language. */
  voice: Vapi.CreateAssistantDtoVoice;
};
