import type { Vapi } from '@vapi-ai/server-sdk';
import { z } from 'zod/mini';

/**
 * What Vapi POSTs to the assistants' server URL (docs: "Server events", "Custom tools"), read
 * leniently: only the fields used here are checked, anything else is ignored, since Vapi adds
 * fields over time. Its pages disagree on where a tool call's arguments are: `arguments` or
 * `parameters` beside the name (the tool-calls examples), or under `function` as OpenAI writes
 * them, an object or a JSON string (the server SDK's `ToolCall` type). All are taken.
 */

/**
 * The largest message taken: an end-of-call report carries the whole assistant (its prompt) and
 * conversation. 1 MB, as deploy/Caddyfile lets through on this path.
 */
export const SERVER_MESSAGE_BODY_LIMIT = 1_000_000;

/** Longest summary and transcript kept with a lead (far beyond what a few minutes' call gives). */
export const CALL_REPORT_LIMITS = { summary: 10_000, transcript: 100_000 } as const;

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const text = z.optional(z.nullable(z.string()));

const functionCall = z.object({ name: z.optional(z.string()), arguments: z.optional(z.unknown()), parameters: z.optional(z.unknown()) });
const toolCall = z.object({
  id,
  name: z.optional(z.string()),
  arguments: z.optional(z.unknown()),
  parameters: z.optional(z.unknown()),
  function: z.optional(functionCall),
});

const timestamp = z.optional(z.nullable(z.string().check(z.maxLength(40))));
const metadata = z.optional(z.nullable(z.record(z.string(), z.unknown())));

export const serverMessageSchema = z.object({
  message: z.object({
    type: z.string().check(z.maxLength(100)),
    call: z.optional(
      z.object({
        id: z.optional(id),
        assistantId: z.optional(z.nullable(z.string())),
        startedAt: timestamp,
        endedAt: timestamp,
        // What the page set when it started the call: the session it came from.
        assistantOverrides: z.optional(z.nullable(z.object({ metadata, variableValues: metadata }))),
      }),
    ),
    /** status-update: the call's new status. */
    status: z.optional(z.string().check(z.maxLength(40))),
    /** end-of-call-report (and status-update "ended"): why it ended. */
    endedReason: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
    startedAt: timestamp,
    endedAt: timestamp,
    /**
     * end-of-call-report: the call's length, in seconds. Like `cost`, any value is taken and only a
     * plausible number believed (./call-reports.ts): a figure JSON reads as Infinity (`1e400`) must
     * not get the whole report refused.
     */
    durationSeconds: z.optional(z.unknown()),
    /** end-of-call-report: what Vapi billed for the call, in US dollars. */
    cost: z.optional(z.unknown()),
    assistant: z.optional(z.nullable(z.object({ metadata: z.optional(z.nullable(z.record(z.string(), z.unknown()))) }))),
    toolCallList: z.optional(z.array(toolCall)),
    toolWithToolCallList: z.optional(z.array(z.object({ toolCall: z.optional(toolCall) }))),
    analysis: z.optional(z.nullable(z.object({ summary: text }))),
    artifact: z.optional(z.nullable(z.object({ transcript: text }))),
    // Older end-of-call reports put these at the top of the message.
    summary: text,
    transcript: text,
  }),
});

export type ServerMessage = z.output<typeof serverMessageSchema>['message'];

/**
 * The message types this server acts on, named with the server SDK's own constants: a type Vapi
 * renames fails `tsc` here instead of a call.
 */
export const MESSAGE_TYPES = {
  toolCalls: 'tool-calls' satisfies Vapi.ServerMessageToolCallsType,
  statusUpdate: 'status-update' satisfies Vapi.ServerMessageStatusUpdateType,
  endOfCallReport: 'end-of-call-report' satisfies Vapi.ServerMessageEndOfCallReportType,
} as const;

/** The status-update that makes a call count: Vapi's "in-progress". */
export const CALL_IN_PROGRESS = 'in-progress' satisfies Vapi.ServerMessageStatusUpdateStatus;

/** The reply to a tool-calls message, as the server SDK types it: one result (with the tool's name) per tool call. */
export type ToolCallsReply = Vapi.ServerMessageResponseToolCalls & { results: Vapi.ToolCallResult[] };

/**
 * The route's 200, declared as its response schema: the tool calls' results (the fields this server
 * fills in Vapi's `ToolCallResult`), or `{ ok: true }` for any other message. Checked against the
 * SDK's type below, so a field Vapi renames fails `tsc`.
 */
export const voiceEventsReplySchema = z.union([
  z.object({
    results: z.array(z.object({ name: z.string(), toolCallId: z.string(), result: z.optional(z.string()), error: z.optional(z.string()) })),
  }),
  z.object({ ok: z.literal(true) }),
]);
type ReplyResult = Extract<z.output<typeof voiceEventsReplySchema>, { results: unknown }>['results'][number];
type ResultFits = Pick<Vapi.ToolCallResult, 'name' | 'toolCallId' | 'result' | 'error'> extends ReplyResult ? true : false;
true satisfies ResultFits;

/** One tool call of a tool-calls message: its id and the function's name. */
export type ToolCallId = { id: string; name: string | undefined };
/** A tool call to process: with its arguments as an object (JSON text parsed), `undefined` when they cannot be read as one. */
export type ToolCallRequest = ToolCallId & { arguments: unknown };

/**
 * The tool calls of a tool-calls message: the first `max` with their arguments read, each call's
 * once, and the others by id and name only, their arguments never read. An authenticated message
 * of 981 KB, its first call's arguments parsed again for each of thousands of calls past the fifth,
 * held the event loop 49.8 s.
 */
export function toolCallsOf(message: ServerMessage, max: number): { taken: ToolCallRequest[]; beyond: ToolCallId[] } {
  const calls = message.toolCallList ?? message.toolWithToolCallList?.flatMap((item) => (item.toolCall ? [item.toolCall] : [])) ?? [];
  const idOf = (call: (typeof calls)[number]): ToolCallId => ({ id: call.id, name: call.name ?? call.function?.name });
  return {
    taken: calls.slice(0, max).map((call) => ({
      ...idOf(call),
      arguments: argumentsObject(call.arguments ?? call.parameters ?? call.function?.arguments ?? call.function?.parameters),
    })),
    beyond: calls.slice(max).map(idOf),
  };
}

/** The arguments as an object: JSON text is parsed; anything else that is not an object is `undefined`. */
function argumentsObject(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Up to `max` characters, cut at a character, never between the two halves of one. */
const cut = (value: string | null | undefined, max: number) =>
  value ? (value.length > max ? `${value.slice(0, max).replace(/[\uD800-\uDBFF]$/, '')}…` : value) : null;

/** An end-of-call report's summary and transcript, wherever this version of Vapi put them. */
export function callReportOf(message: ServerMessage): { summary: string | null; transcript: string | null } {
  return {
    summary: cut(message.analysis?.summary ?? message.summary, CALL_REPORT_LIMITS.summary),
    transcript: cut(message.artifact?.transcript ?? message.transcript, CALL_REPORT_LIMITS.transcript),
  };
}
