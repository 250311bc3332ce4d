import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

/** One POST /call/web as the stand-in saw it. */
export type StandInRequest = { method: string; path: string; authorization: string | undefined; body: unknown };
export type StandInReply = { status: number; body: unknown };

export type VapiStandIn = {
  /** Pass as the SDK's API base URL (VAPI_API_BASE_URL). */
  url: string;
  requests: StandInRequest[];
  /** Where the answered web calls point: a loopback port nothing listens on, so joining fails fast. */
  roomUrl: string;
  /** Replaces the answer to POST /call/web (default: 201 with an id and webCallUrl). */
  reply(answer: (request: StandInRequest, index: number) => StandInReply): void;
  /** Keeps answers back until release(): for what happens while a call is still being created. */
  hold(): void;
  release(): void;
  /** Resolves once `count` calls have been requested. */
  waitForRequests(count: number, timeoutMs?: number): Promise<StandInRequest[]>;
  close(): Promise<void>;
};

/**
 * A local stand-in for the Vapi API's POST /call/web (spec §7), for tests that run the real SDK
 * offline. It answers like the API: a call id and the Daily room URL to join. It also answers the
 * browser's CORS preflight, as the real API does.
 */
export async function startVapiStandIn(): Promise<VapiStandIn> {
  const requests: StandInRequest[] = [];
  const held: Array<() => void> = [];
  const waiters = new Set<() => void>();
  let holding = false;
  const roomUrl = `https://127.0.0.1:${await closedPort()}/stand-in-room`;
  let answer = (_request: StandInRequest, index: number): StandInReply => ({
    status: 201,
    body: { id: `stand-in-call-${index + 1}`, webCallUrl: roomUrl, assistant: { voice: { provider: 'vapi' } } },
  });

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
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
      const seen: StandInRequest = { method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization, body };
      if (seen.method !== 'POST' || seen.path !== '/call/web') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      const index = requests.push(seen) - 1;
      for (const wake of waiters) wake();
      const send = () => {
        const { status, body: replyBody } = answer(seen, index);
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(replyBody));
      };
      if (holding) held.push(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
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

/** The API is called from the page's origin, so it answers CORS like the real one. */
function cors(response: ServerResponse) {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
  response.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
}

/** A loopback port that was free a moment ago and has nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
