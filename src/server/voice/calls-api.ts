import type { Vapi, VapiClient } from '@vapi-ai/server-sdk';
import { SESSION_METADATA_KEY } from '../../contracts/voice-call';

/**
 * The four requests the server makes of Vapi for a demo call, with the private key, which never
 * leaves the server: place it (POST /call/web, a body this server writes), look it up (GET
 * /call/{id}, through the server SDK), end it (its `monitor.controlUrl`, {type: "end-call"}) and,
 * VAPI_CALL_RETENTION_DAYS later, delete its record (DELETE /call/{id}, through the server SDK).
 * Each gives up after VAPI_TIMEOUT_MS: a visitor waits on the first, and the others run in the
 * background on a schedule.
 */
export const VAPI_TIMEOUT_MS = 8_000;

/** What the page's SDK needs to join a call, as Vapi returned it; nothing that acts on the call elsewhere. */
export type JoinableCall = {
  id: string;
  webCallUrl: string;
  transport?: Record<string, unknown>;
  artifactPlan: { videoRecordingEnabled: boolean };
  assistant: { voice: { provider: string } };
};

export type PlacedCall = { join: JoinableCall; controlUrl: string | null };

/** Vapi's record of a call, reduced to what settles it. */
export type CallRecord = {
  status: string | undefined;
  startedAt: Date | undefined;
  endedAt: Date | undefined;
  endedReason: string | undefined;
  cost: number | undefined;
};

/** A date Vapi gave, if it reads as one. */
const dateOf = (value: string | undefined) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined);

export class VapiCallError extends Error {
  override name = 'VapiCallError';
}

export type CallsApi = {
  place(options: { assistantId: string; session: string; maxCallSeconds: number }): Promise<PlacedCall>;
  get(callId: string): Promise<CallRecord>;
  end(controlUrl: string): Promise<void>;
  /** Deletes the call's record at Vapi: 'deleted', or 'gone' when Vapi has none (404); throws on any other answer or none. */
  remove(callId: string): Promise<'deleted' | 'gone'>;
};

export function callsApi(options: { privateKey: string; baseUrl: string | undefined }): CallsApi {
  // The server SDK is loaded with the first request to Vapi, not at start-up (as nodemailer is):
  // its 575 KB of code cost every server's idle memory, demo or not.
  let sdk: Promise<{ client: VapiClient; baseUrl: string }> | undefined;
  const vapi = () =>
    (sdk ??= import('@vapi-ai/server-sdk').then(({ VapiClient, VapiEnvironment }) => {
      const baseUrl = options.baseUrl ?? VapiEnvironment.Default;
      return { baseUrl, client: new VapiClient({ token: options.privateKey, baseUrl, maxRetries: 0, timeoutInSeconds: VAPI_TIMEOUT_MS / 1000 }) };
    }));
  const post = (url: string, body: unknown, authorized: boolean) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorized ? { authorization: `Bearer ${options.privateKey}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(VAPI_TIMEOUT_MS),
    });

  return {
    async place({ assistantId, session, maxCallSeconds }) {
      // The whole body is the server's: the language's assistant, the session the call belongs to, the
      // configured length. Nothing the browser sent is passed on.
      const body = {
        assistantId,
        assistantOverrides: { metadata: { [SESSION_METADATA_KEY]: session }, maxDurationSeconds: maxCallSeconds },
      };
      const response = await post(`${(await vapi()).baseUrl}/call/web`, body, true);
      const text = await response.text();
      if (!response.ok) throw new VapiCallError(`POST /call/web answered ${response.status}: ${text.slice(0, 300)}`);
      let call: Partial<Vapi.Call> & { webCallUrl?: unknown; transport?: unknown; artifactPlan?: { videoRecordingEnabled?: unknown } };
      try {
        call = JSON.parse(text) as typeof call;
      } catch {
        throw new VapiCallError('POST /call/web answered something that is not JSON');
      }
      if (typeof call.id !== 'string' || typeof call.webCallUrl !== 'string') throw new VapiCallError('POST /call/web answered without id or webCallUrl');
      const transport = call.transport && typeof call.transport === 'object' ? { ...(call.transport as unknown as Record<string, unknown>) } : undefined;
      const provider = (call.assistant as { voice?: { provider?: unknown } } | undefined)?.voice?.provider;
      return {
        join: {
          id: call.id,
          webCallUrl: call.webCallUrl,
          ...(transport ? { transport } : {}),
          artifactPlan: { videoRecordingEnabled: call.artifactPlan?.videoRecordingEnabled === true },
          assistant: { voice: { provider: typeof provider === 'string' ? provider : 'unknown' } },
        },
        controlUrl: typeof call.monitor?.controlUrl === 'string' ? call.monitor.controlUrl : null,
      };
    },

    async get(callId) {
      const call = await (await vapi()).client.calls.get({ id: callId });
      return {
        status: call.status,
        startedAt: dateOf(call.startedAt),
        endedAt: dateOf(call.endedAt),
        endedReason: call.endedReason,
        cost: typeof call.cost === 'number' && Number.isFinite(call.cost) ? call.cost : undefined,
      };
    },

    async end(controlUrl) {
      const response = await post(controlUrl, { type: 'end-call' }, false);
      if (!response.ok) throw new VapiCallError(`the control URL answered ${response.status}`);
    },

    async remove(callId) {
      try {
        await (await vapi()).client.calls.delete({ id: callId });
        return 'deleted';
      } catch (error) {
        // The SDK's VapiError carries the status: a record already gone is what was asked for.
        if ((error as { statusCode?: unknown } | null)?.statusCode === 404) return 'gone';
        throw error;
      }
    },
  };
}
