import type { Vapi } from '@vapi-ai/server-sdk';
import type { SiteConfig } from '../config/site-schema';
import { LOCALES, type Locale } from '../contracts/locales';
import { CALLBACK_TOOL, callbackToolParameters } from '../contracts/voice-lead';
import { type Content, fill, fillContent, mapText } from '../content';
import { getContent } from '../content/all';
import { withoutLinks } from '../content/text';
import { keepTogether } from '../content/typography';
import { AGENT_COPY, type AgentCopy } from '../content/agent';
import { ASSISTANT_KEY, assistantKey } from './identity';

export { AGENT_COPY } from '../content/agent';
export { ASSISTANT_KEY, assistantKey } from './identity';

/**
 * The demo's assistants as code: one per language, built from the page's own copy (services, what
 * clients get, FAQ, contact details, with the site's brand, phone and e-mail filled in) and the
 * agent's words in that language (src/content/agent/). `npm run voice:sync` makes Vapi's assistants
 * match these; nothing about the agent is typed into Vapi's dashboard.
 */

/**
 * What voice:sync sends to Vapi for one language. `silenceTimeoutSeconds` is an assistant field of
 * Vapi's API (docs: "Call timeout settings") that @vapi-ai/server-sdk 2.0's generated types lack
 * (VapiAI/server-sdk-python#24 reports the same gap); the SDK sends the body as given.
 */
export type AssistantDefinition = Omit<Vapi.CreateAssistantDto, 'hooks' | 'server'> & {
  name: string;
  metadata: Record<typeof ASSISTANT_KEY, string>;
  silenceTimeoutSeconds: number;
  hooks: TimeElapsedHook[];
  server?: Omit<Vapi.Server, 'backoffPlan'> & { backoffPlan: ServerBackoffPlan };
};

/**
 * Vapi's `call.timeElapsed` hook (docs: "Assistant hooks"): at `seconds` into the call, say a line,
 * then end the call. The server SDK 2.0's types list the other hooks only; the SDK sends it as given.
 */
export type TimeElapsedHook = {
  on: 'call.timeElapsed';
  options: { seconds: number };
  do: Array<{ type: 'say'; exact: string } | { type: 'tool'; tool: { type: 'endCall' } }>;
};

/**
 * How Vapi retries a request to our server that failed (docs: "Server URL", backoffPlan). The SDK
 * 2.0 types `type` and `excludedStatusCodes` as objects; Vapi's API takes a word and status codes.
 */
export type ServerBackoffPlan = Omit<Vapi.BackoffPlan, 'type' | 'excludedStatusCodes'> & { type: 'exponential'; excludedStatusCodes: number[] };

export type DefinitionOptions = {
  site: SiteConfig;
  /** maxDurationSeconds of every call (VOICE_MAX_CALL_SECONDS, 180 by default). */
  maxCallSeconds: number;
  /** The page's copy per language; the site's own by default (tests pass a changed one). */
  content?: (locale: Locale) => Content;
  /**
   * Where Vapi sends the callback requests the agent takes, and the credential it authenticates
   * with (`voice:sync` makes sure it exists: ./credential.ts). Absent (no VAPI_SERVER_SECRET): the
   * agent takes none, has no tool, and nothing leaves Vapi for a server.
   */
  callbacks?: { serverUrl: string; credentialId: string };
};

/** Vapi's limit on an assistant's name. */
const NAME_MAX = 40;

/**
 * The agent starts its closing line this long before maxDurationSeconds (the line takes about
 * 8 s to say in either language), then ends the call: the cut at maxDurationSeconds, which
 * would stop it mid-sentence, stays only as the backstop.
 */
export const CLOSING_LEAD_SECONDS = 15;

/**
 * Vapi's voice formatter (voice.chunkPlan.formatPlan) rewrites numbers, dates, e-mail addresses
 * and symbols in English words before the voice says them ("at", "dot", "percent"): in French
 * that would read the phone and the address in English. The prompt already writes them as they
 * are to be said in each language, so the formatter is off in both (in English, too, it would
 * read the firm's phone number as one large number instead of digit groups as the prompt has it).
 */
export const VOICE_FORMATTER: Record<Locale, boolean> = { fr: false, en: false };

/**
 * A report or a tool call that meets a restart of our server is retried: three tries, 1 s, 2 s,
 * 4 s apart; never after a 4xx, which would be refused again (a 401 secret, a 400 body, a 413 size).
 */
export const SERVER_BACKOFF: ServerBackoffPlan = {
  type: 'exponential',
  maxRetries: 3,
  baseDelaySeconds: 1,
  excludedStatusCodes: [400, 401, 403, 404, 408, 409, 413, 415, 422, 429],
};

/**
 * Settings shared by both languages. A tool (model.tools) or a server URL (server, serverMessages)
 * is added here, once, for both: `callbacks` below.
 */
const SHARED = {
  model: { provider: 'openai', model: 'gpt-4o', temperature: 0.3 },
  transcriberModel: 'nova-3',
  /** After this long without a word from the caller, the call ends. */
  silenceTimeoutSeconds: 20,
  /** What the visitor's browser receives: the transcripts for its captions, and the call's status. */
  clientMessages: ['transcript', 'status-update', 'speech-update'],
  /** Nothing leaves Vapi for a server (not even an organization-wide server URL set in the dashboard). */
  serverMessages: [],
  /** No recording of any kind. */
  artifactPlan: { recordingEnabled: false, videoRecordingEnabled: false, pcapEnabled: false },
  /**
   * Each call gets a control URL, which only the server keeps: it ends a call placed for a visitor
   * who never joined. No listen URL (nobody hears the calls live).
   */
  monitorPlan: { controlEnabled: true, listenEnabled: false },
} satisfies {
  model: Vapi.CreateAssistantDtoModel;
  transcriberModel: Vapi.DeepgramTranscriberModel;
  silenceTimeoutSeconds: number;
  clientMessages: Vapi.CreateAssistantDtoClientMessagesItem[];
  serverMessages: Vapi.CreateAssistantDtoServerMessagesItem[];
  artifactPlan: Vapi.ArtifactPlan;
  monitorPlan: Vapi.MonitorPlan;
};

/**
 * With callback requests on: the server that takes them (/api/voice/events, authenticated by the
 * credential), the messages it gets (the tool's calls, and the end-of-call report whose summary
 * it attaches to the call's lead), and Vapi's default 20 s for an answer.
 */
const CALLBACKS = {
  // status-update: the call started (in-progress), when the day's budget starts counting it.
  serverMessages: ['tool-calls', 'status-update', 'end-of-call-report'],
  timeoutSeconds: 20,
} satisfies { serverMessages: Vapi.CreateAssistantDtoServerMessagesItem[]; timeoutSeconds: number };

/** The tool the agent calls once the caller has agreed: its JSON Schema is the server's own rules (src/contracts/voice-lead.ts). */
function callbackTool(copy: AgentCopy): Vapi.OpenAiModelToolsItem.Function {
  return {
    type: 'function',
    function: { name: CALLBACK_TOOL, description: copy.callback.tool.description, parameters: callbackToolParameters(copy.callback.tool.parameters) },
  };
}

/**
 * Copy filled to be spoken, not set in lines: the brand as configured, without the no-break spaces
 * that keep it on one line of the page (`{brand}`, content/fill.ts).
 */
function spoken<T>(value: T, site: SiteConfig): T {
  return mapText(value, (text) => text.replaceAll(keepTogether(site.brand), site.brand));
}

export function assistantDefinition(locale: Locale, options: DefinitionOptions): AssistantDefinition {
  const copy = spoken(fillContent(AGENT_COPY[locale], options.site, locale), options.site);
  const content = spoken(fillContent((options.content ?? getContent)(locale), options.site), options.site);
  const { callbacks } = options;
  const model: Vapi.CreateAssistantDtoModel.Openai = { ...SHARED.model, messages: [{ role: 'system', content: systemPrompt(copy, content, options) }] };
  return {
    name: copy.name.slice(0, NAME_MAX).trim(),
    metadata: { [ASSISTANT_KEY]: assistantKey(locale) },
    firstMessage: copy.firstMessage,
    firstMessageMode: 'assistant-speaks-first',
    model: callbacks ? { ...model, tools: [callbackTool(copy)] } : model,
    transcriber: { provider: 'deepgram', model: SHARED.transcriberModel, language: copy.transcriberLanguage },
    voice: { ...copy.voice, chunkPlan: { enabled: true, formatPlan: { enabled: VOICE_FORMATTER[locale] } } } as Vapi.CreateAssistantDtoVoice,
    maxDurationSeconds: options.maxCallSeconds,
    hooks: [
      {
        on: 'call.timeElapsed',
        options: { seconds: Math.max(1, options.maxCallSeconds - CLOSING_LEAD_SECONDS) },
        do: [
          { type: 'say', exact: copy.endCallMessage },
          { type: 'tool', tool: { type: 'endCall' } },
        ],
      },
    ],
    silenceTimeoutSeconds: SHARED.silenceTimeoutSeconds,
    endCallMessage: copy.endCallMessage,
    endCallPhrases: copy.endCallPhrases,
    clientMessages: SHARED.clientMessages,
    serverMessages: callbacks ? CALLBACKS.serverMessages : SHARED.serverMessages,
    ...(callbacks
      ? { server: { url: callbacks.serverUrl, credentialId: callbacks.credentialId, timeoutSeconds: CALLBACKS.timeoutSeconds, backoffPlan: SERVER_BACKOFF } }
      : {}),
    artifactPlan: SHARED.artifactPlan,
    monitorPlan: SHARED.monitorPlan,
  };
}

export function assistantDefinitions(options: DefinitionOptions): Record<Locale, AssistantDefinition> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, assistantDefinition(locale, options)])) as Record<Locale, AssistantDefinition>;
}

/**
 * The system prompt: the agent's brief, then the page's copy under plain headings. Plain text:
 * the model reads it, and says things the way they are written here.
 */
function systemPrompt(copy: AgentCopy, content: Content, options: DefinitionOptions): string {
  const { prompt } = copy;
  const faq = content.faq.groups.flatMap((group) =>
    group.items.map((item) => {
      const [first = '', ...rest] = item.answer;
      const steps = item.steps?.map((step, index) => `${index + 1}. ${step.title} — ${step.text}`) ?? [];
      return [`Q: ${item.question}`, `A: ${withoutLinks([first, ...steps, ...rest].join('\n'))}`].join('\n');
    }),
  );
  const sections = [
    [prompt.role, prompt.language].join('\n\n'),
    prompt.job.map((step, index) => `${index + 1}. ${step}`).join('\n'),
    [...prompt.style, prompt.timeLimit(Math.round(options.maxCallSeconds / 60)), prompt.closing].map((rule) => `- ${rule}`).join('\n'),
    heading(
      prompt.headings.services,
      content.services.items.map((service) => `- ${service.title} — ${service.description}`),
    ),
    heading(
      prompt.headings.benefits,
      content.benefits.items.map((benefit) => `- ${benefit.title} — ${benefit.description}`),
    ),
    heading(prompt.headings.faq, faq.join('\n\n')),
    heading(prompt.headings.contact, [prompt.contact.phone, prompt.contact.email, ...content.contact.info.points]),
    // The steps are written with the tool's name, after the copy's placeholders were filled.
    ...(options.callbacks
      ? [
          heading(
            copy.callback.heading,
            copy.callback.steps(CALLBACK_TOOL).map((step, index) => `${index + 1}. ${spoken(fill(step, options.site, content.locale), options.site)}`),
          ),
        ]
      : []),
  ];
  return sections.join('\n\n');
}

function heading(title: string, body: string | string[]): string {
  return `## ${title}\n${Array.isArray(body) ? body.join('\n') : body}`;
}
