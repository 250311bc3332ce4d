import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AssistantRequest, type ServerMessageReply, type StoredAssistant, type StoredCredential, standInOrganization } from './vapi-stand-in-organization';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

/** One POST /call/web as the stand-in saw it. */
export type StandInRequest = { method: string; path: string; authorization: string | undefined; origin: string | undefined; body: unknown };
export type StandInReply = { status: number; body: unknown };
/** A call the stand-in placed, as GET /call/{id} shows it; tests move it through its life. */
export type StandInCall = {
  id: string;
  status: 'queued' | 'ringing' | 'in-progress' | 'ended';
  assistantId: unknown;
  assistantOverrides: unknown;
  startedAt?: string;
  endedAt?: string;
  endedReason?: string;
  cost?: number;
};
/** One request to a call's control URL, to GET /call/{id} or to DELETE /call/{id}. */
export type CallApiRequest = { method: string; path: string; authorization: string | undefined; body: unknown };

export type { AssistantRequest, ServerMessageReply, StoredAssistant, StoredCredential };

export type StandInOptions = {
  /**
   * The organization's private key. When set, the stand-in wants it as the Bearer of every request
   * to its API (POST /call/web, GET and DELETE /call/{id}, /assistant, /credential), as Vapi does; a request
   * with another key is answered 401 and creates nothing. Without it, any key is taken.
   */
  privateKey?: string;
  orgId?: string;
};

export type VapiStandIn = {
  /** Pass as the SDK's API base URL (VAPI_API_BASE_URL). */
  url: string;
  /** Every POST /call/web, accepted or not. */
  requests: StandInRequest[];
  /** Why each POST /call/web was refused (same order as `requests`; null when accepted). */
  refusals: Array<string | null>;
  /** The calls placed, by id: GET /call/{id} answers from here, DELETE /call/{id} deletes from here. */
  calls: Map<string, StandInCall>;
  /** Every GET and DELETE /call/{id} and every POST to a control URL. */
  callApiRequests: CallApiRequest[];
  /** Answers every DELETE /call/{id} with this status and deletes nothing (a 5xx at Vapi), until given undefined. */
  failCallDeletes(status: number | undefined): void;
  /** Makes the stand-in unreachable (every connection is cut at once) or reachable again. */
  setDown(down: boolean): void;
  /** The organization's assistants, by id. */
  assistants: Map<string, StoredAssistant>;
  /** Every request to /assistant. */
  assistantRequests: AssistantRequest[];
  /** The organization's credentials, by id (tokens included). */
  credentials: Map<string, StoredCredential>;
  /** Every request to /credential. */
  credentialRequests: AssistantRequest[];
  /**
   * Sends a server message (`tool-calls`, `end-of-call-report`, ...) as Vapi does for a call of
   * this assistant: POST `{ message }` to the assistant's `server.url`, with the assistant in the
   * message and the Bearer token of the credential its `server.credentialId` names.
   */
  sendServerMessage(assistantId: string, message: Record<string, unknown>): Promise<ServerMessageReply>;
  /** Where the answered web calls point: a loopback port nothing listens on, so joining fails fast. */
  roomUrl: string;
  /** Replaces the answer to an accepted POST /call/web (default: 201 with the call as Vapi answers it). */
  reply(answer: (request: StandInRequest, index: number) => StandInReply): void;
  /** Keeps answers back until release(): for what happens while a call is still being created. */
  hold(): void;
  release(): void;
  /** Resolves once `count` calls have been requested. */
  waitForRequests(count: number, timeoutMs?: number): Promise<StandInRequest[]>;
  close(): Promise<void>;
};

/**
 * A local stand-in for the parts of Vapi's API this site uses, for tests that run the real SDKs
 * offline: POST /call/web (our server places a call and gets the Daily room the page joins; it
 * also answers a browser's CORS preflight as the real API does), GET /call/{id} and the calls'
 * control URLs (the server's keeper), DELETE /call/{id} (the daily run, VAPI_CALL_RETENTION_DAYS), GET/POST/PATCH /assistant and
 * /credential (what `npm run voice:sync` calls through @vapi-ai/server-sdk), and Vapi's own requests
 * to an assistant's server URL (sendServerMessage).
 */
export async function startVapiStandIn(options: StandInOptions = {}): Promise<VapiStandIn> {
  const requests: StandInRequest[] = [];
  const refusals: Array<string | null> = [];
  const calls = new Map<string, StandInCall>();
  const callApiRequests: CallApiRequest[] = [];
  let down = false;
  let failDeletesWith: number | undefined;
  let base = '';
  /** Calls placed so far: each gets a new id, as Vapi's are, however the test clears `requests`. */
  let placed = 0;
  const { assistants, assistantRequests, credentials, credentialRequests, assistantApi, credentialApi, sendServerMessage } = standInOrganization(options);
  const held: Array<() => void> = [];
  const waiters = new Set<() => void>();
  let holding = false;
  const roomUrl = `https://127.0.0.1:${await closedPort()}/stand-in-room`;
  let answer = (request: StandInRequest, _index: number): StandInReply => {
    placed += 1;
    const id = `stand-in-call-${placed}`;
    const body = (request.body ?? {}) as { assistantId?: unknown; assistantOverrides?: unknown };
    calls.set(id, { id, status: 'queued', assistantId: body.assistantId, assistantOverrides: body.assistantOverrides });
    return {
      status: 201,
      body: {
        id,
        orgId: options.orgId ?? 'org',
        type: 'webCall',
        status: 'queued',
        webCallUrl: roomUrl,
        transport: { provider: 'daily', callUrl: roomUrl },
        monitor: { controlUrl: `${base}/control/${id}`, listenUrl: `ws://127.0.0.1:9/listen/${id}` },
        artifactPlan: { videoRecordingEnabled: false },
        assistantId: body.assistantId,
        assistant: { voice: { provider: 'azure' } },
      },
    };
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (down) {
      request.socket.destroy();
      return;
    }
    cors(response);
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* kept as text */
      }
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (url.pathname === '/credential' || url.pathname.startsWith('/credential/')) {
        credentialRequests.push({ method: request.method ?? '', path: url.pathname, body });
        const [status, replyBody] = credentialApi(request, url, body);
        sendJson(response, status, replyBody);
        return;
      }
      if (url.pathname === '/assistant' || url.pathname.startsWith('/assistant/')) {
        assistantRequests.push({ method: request.method ?? '', path: url.pathname, body });
        const [status, replyBody] = assistantApi(request, url, body);
        sendJson(response, status, replyBody);
        return;
      }
      if (url.pathname.startsWith('/control/') || ((request.method === 'GET' || request.method === 'DELETE') && url.pathname.startsWith('/call/'))) {
        callApiRequests.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization, body });
        const [status, replyBody] = callApi(request, url, body);
        sendJson(response, status, replyBody);
        return;
      }
      const seen: StandInRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        origin: request.headers.origin,
        body,
      };
      if (seen.method !== 'POST' || seen.path !== '/call/web') {
        sendJson(response, 404, { message: 'not found' });
        return;
      }
      const refusal = checkCallKey(seen);
      const index = requests.push(seen) - 1;
      refusals.push(refusal);
      for (const wake of waiters) wake();
      const reply = () => {
        if (refusal) return sendJson(response, 401, { message: refusal });
        const { status, body: replyBody } = answer(seen, index);
        sendJson(response, status, replyBody);
      };
      if (holding) held.push(reply);
      else reply();
    });
  });

  /** Vapi's check of the key a call is placed with: the private key, or null when it passes (or nothing is configured to check). */
  function checkCallKey(seen: StandInRequest): string | null {
    if (!options.privateKey) return null;
    const key = /^Bearer (.+)$/.exec(seen.authorization ?? '')?.[1];
    if (!key) return 'no Bearer key';
    if (key !== options.privateKey) return 'Invalid Key. Hot tip, you may be using the public key instead of the private key, or vice versa.';
    return null;
  }

  /**
   * GET and DELETE /call/{id} (with the private key; DELETE answers the call it deleted) and POST
   * {controlUrl} {type: "end-call"} (the URL is the credential), as Vapi answers them.
   */
  function callApi(request: IncomingMessage, url: URL, body: unknown): [number, unknown] {
    const [, kind, id = ''] = url.pathname.split('/');
    const call = calls.get(id);
    if (kind === 'call') {
      if (options.privateKey && request.headers.authorization !== `Bearer ${options.privateKey}`) return [401, { message: 'Invalid Key.' }];
      if (!call) return [404, { message: 'Not Found' }];
      if (request.method === 'DELETE') {
        if (failDeletesWith !== undefined) return [failDeletesWith, { message: 'Internal Server Error' }];
        calls.delete(id);
      }
      return [200, { ...call, orgId: options.orgId ?? 'org', type: 'webCall' }];
    }
    if (!call || request.method !== 'POST') return [404, { message: 'Not Found' }];
    if ((body as { type?: unknown } | null)?.type !== 'end-call') return [400, { message: 'unknown control message' }];
    if (call.status !== 'ended') {
      const now = new Date().toISOString();
      Object.assign(call, { status: 'ended', endedAt: now, endedReason: 'call.ended-by-control', ...(call.startedAt ? {} : { cost: 0 }) });
    }
    return [200, { ok: true }];
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    requests,
    refusals,
    calls,
    callApiRequests,
    failCallDeletes(status) {
      failDeletesWith = status;
    },
    setDown(value) {
      down = value;
      if (down) server.closeAllConnections();
    },
    assistants,
    assistantRequests,
    credentials,
    credentialRequests,
    sendServerMessage,
    roomUrl,
    reply(next) {
      answer = next;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const send of held.splice(0)) send();
    },
    waitForRequests(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(requests.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the stand-in saw ${requests.length} of ${count} expected POST /call/web`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      for (const send of held.splice(0)) send();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The API is called from the page's origin, so it answers CORS like the real one. */
function cors(response: ServerResponse) {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, OPTIONS');
}

/** A loopback port that was free a moment ago and has nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
