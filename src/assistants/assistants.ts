import type { Vapi } from '@vapi-ai/server-sdk';
import type { SiteConfig } from '../config/site-schema';
import { LOCALES, type Locale } from '../contracts/locales';
import { CALLBACK_TOOL, callbackToolParameters } from '../contracts/voice-lead';
import { type Content, fill, fillContent } from '../content';
import { getContent } from '../content/all';
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
export type AssistantDefinition = Vapi.CreateAssistantDto & {
  name: string;
  metadata: Record<typeof ASSISTANT_KEY, string>;
  silenceTimeoutSeconds: number;
};

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
} satisfies {
  model: Vapi.CreateAssistantDtoModel;
  transcriberModel: Vapi.DeepgramTranscriberModel;
  silenceTimeoutSeconds: number;
  clientMessages: Vapi.CreateAssistantDtoClientMessagesItem[];
  serverMessages: Vapi.CreateAssistantDtoServerMessagesItem[];
  artifactPlan: Vapi.ArtifactPlan;
};

/**
 * With callback requests on: the server that takes them (/api/voice/events, authenticated by the
 * credential), the messages it gets (the tool's calls, and the end-of-call report whose summary
 * it attaches to the call's lead), and Vapi's default 20 s for an answer.
 */
const CALLBACKS = {
  serverMessages: ['tool-calls', 'end-of-call-report'],
  timeoutSeconds: 20,
} satisfies { serverMessages: Vapi.CreateAssistantDtoServerMessagesItem[]; timeoutSeconds: number };

/** The tool the agent calls once the caller has agreed: its JSON Schema is the server's own rules (src/contracts/voice-lead.ts). */
function callbackTool(copy: AgentCopy): Vapi.OpenAiModelToolsItem.Function {
  return {
    type: 'function',
    function: { name: CALLBACK_TOOL, description: copy.callback.tool.description, parameters: callbackToolParameters(copy.callback.tool.parameters) },
  };
}

export function assistantDefinition(locale: Locale, options: DefinitionOptions): AssistantDefinition {
  const copy = fillContent(AGENT_COPY[locale], options.site, locale);
  const content = fillContent((options.content ?? getContent)(locale), options.site);
  const { callbacks } = options;
  const model: Vapi.CreateAssistantDtoModel.Openai = { ...SHARED.model, messages: [{ role: 'system', content: systemPrompt(copy, content, options) }] };
  return {
    name: copy.name.slice(0, NAME_MAX).trim(),
    metadata: { [ASSISTANT_KEY]: assistantKey(locale) },
    firstMessage: copy.firstMessage,
    firstMessageMode: 'assistant-speaks-first',
    model: callbacks ? { ...model, tools: [callbackTool(copy)] } : model,
    transcriber: { provider: 'deepgram', model: SHARED.transcriberModel, language: copy.transcriberLanguage },
    voice: copy.voice,
    maxDurationSeconds: options.maxCallSeconds,
    silenceTimeoutSeconds: SHARED.silenceTimeoutSeconds,
    endCallMessage: copy.endCallMessage,
    endCallPhrases: copy.endCallPhrases,
    clientMessages: SHARED.clientMessages,
    serverMessages: callbacks ? CALLBACKS.serverMessages : SHARED.serverMessages,
    ...(callbacks ? { server: { url: callbacks.serverUrl, credentialId: callbacks.credentialId, timeoutSeconds: CALLBACKS.timeoutSeconds } } : {}),
    artifactPlan: SHARED.artifactPlan,
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
      return [`Q: ${item.question}`, `A: ${[first, ...steps, ...rest].join('\n')}`].join('\n');
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
            copy.callback.steps(CALLBACK_TOOL).map((step, index) => `${index + 1}. ${fill(step, options.site, content.locale)}`),
          ),
        ]
      : []),
  ];
  return sections.join('\n\n');
}

function heading(title: string, body: string | string[]): string {
  return `## ${title}\n${Array.isArray(body) ? body.join('\n') : body}`;
}
