/**
 * Server messages shaped as Vapi sends them to an assistant's server URL (docs: "Custom tools",
 * "Server events"; @vapi-ai/server-sdk's ServerMessageToolCalls and ServerMessageEndOfCallReport),
 * for the tests of POST /api/voice/events. Only the call, the tool calls and the report's texts
 * matter to the server; the rest is there because Vapi sends it.
 */
import { randomUUID } from 'node:crypto';
import { SESSION_METADATA_KEY } from '../src/contracts/voice';
import { CALLBACK_TOOL } from '../src/contracts/voice-lead';

/** Where a tool call's arguments are: the docs' `arguments` or `parameters`, or OpenAI's `function.arguments` (JSON text). */
export type ArgumentsShape = 'arguments' | 'parameters' | 'function';

export type ToolCallSpec = { id?: string; name?: string; args: unknown; shape?: ArgumentsShape };

const call = (callId: string, assistantId: string) => ({ id: callId, orgId: 'org-test', type: 'webCall', status: 'in-progress', assistantId });

export function toolCallsMessage(options: { callId: string; assistantId?: string; calls: ToolCallSpec[] }) {
  const assistantId = options.assistantId ?? 'asst-test';
  const toolCallList = options.calls.map(({ id = `call_${randomUUID().replaceAll('-', '')}`, name = CALLBACK_TOOL, args, shape = 'arguments' }) =>
    shape === 'function' ? { id, type: 'function', function: { name, arguments: JSON.stringify(args) } } : { id, type: 'function', name, [shape]: args },
  );
  return {
    message: {
      timestamp: Date.now(),
      type: 'tool-calls',
      toolCallList,
      toolWithToolCallList: toolCallList.map((toolCall) => ({ type: 'function', function: { name: CALLBACK_TOOL }, messages: [], toolCall })),
      artifact: { messages: [{ role: 'user', message: 'Oui, rappelez-moi la semaine prochaine.', time: Date.now(), secondsFromStart: 31.2 }] },
      call: call(options.callId, assistantId),
    },
  };
}

/** The page's session id as Vapi echoes it in the call (assistantOverrides the SDK's start sent). */
const overrides = (session: string | undefined) => (session ? { assistantOverrides: { metadata: { [SESSION_METADATA_KEY]: session } } } : {});

/** Vapi's status-update when a call starts ("in-progress"), with the session the page gave it, if any. */
export function callStarted(options: { callId: string; assistantId?: string; session?: string; startedAt?: Date }) {
  const startedAt = (options.startedAt ?? new Date()).toISOString();
  return {
    message: {
      timestamp: Date.now(),
      type: 'status-update',
      status: 'in-progress',
      call: { ...call(options.callId, options.assistantId ?? 'asst-test'), startedAt, ...overrides(options.session) },
    },
  };
}

export function endOfCallReport(options: {
  callId: string;
  assistantId?: string;
  summary?: string;
  transcript?: string;
  session?: string;
  /** How long the call lasted (150 s by default). */
  seconds?: number;
}) {
  const endedAt = new Date();
  const startedAt = new Date(endedAt.getTime() - (options.seconds ?? 150) * 1000);
  return {
    message: {
      timestamp: Date.now(),
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      call: { ...call(options.callId, options.assistantId ?? 'asst-test'), status: 'ended', ...overrides(options.session) },
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      durationSeconds: options.seconds ?? 150,
      cost: 0.21,
      artifact: { transcript: options.transcript ?? '', messages: [] },
      analysis: { summary: options.summary ?? '' },
    },
  };
}

/** What a caller agreed to, as the agent would pass it on. */
export const CALLER = {
  name: 'Geneviève Côté',
  company: 'Clinique dentaire Côté',
  phone: '418 555-0163',
  email: 'genevieve@clinique-cote.example',
  need: 'Un agent vocal pour prendre les rendez-vous de la clinique, la semaine prochaine.',
  preferredTime: 'mardi matin',
  language: 'fr',
} as const;
