import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  DailyBudgetError,
  LeadsWaitingError,
  LinesBusyError,
  NotConfiguredError,
  ShuttingDownError,
  SiteGoneError,
  VoiceCallFailedError,
  VoiceNotConfiguredError,
  apiError,
  isApiPath,
  toApiAnswer,
} from '../http-errors';
import { StorageReserveError } from '../database/errors';
import fp from 'fastify-plugin';

/**
 * How errors and unknown paths are answered. Under /api/ every answer is an ApiResponse JSON body
 * (src/contracts/api.ts); elsewhere a short text or the site's 404 page. The detail of a 5xx goes
 * to the request's log line only, never to the client.
 */
export function replyWithError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = toApiAnswer(error);
  if (answer.status >= 500) {
    // The log line gets the code, and the error itself unless it is a known state
    // (no storage, shutting down, the storage reserve, the voice demo off, its budget spent or its lines busy,
    // leads waiting past the promise: the answer says how long) whose stack would say nothing new.
    const known = [
      NotConfiguredError,
      ShuttingDownError,
      StorageReserveError,
      VoiceNotConfiguredError,
      DailyBudgetError,
      LinesBusyError,
      LeadsWaitingError,
    ].some((kind) => error instanceof kind);
    const limit =
      error instanceof StorageReserveError
        ? { limit: 'STORAGE_RESERVE' }
        : error instanceof DailyBudgetError
          ? { limit: 'VOICE_MINUTES_PER_DAY' }
          : error instanceof LinesBusyError
            ? { limit: 'VOICE_MAX_CONCURRENT' }
            : {};
    // Said on every liveness probe until the restart: its message, without a stack. Vapi's refusal: what it said.
    const gone =
      error instanceof SiteGoneError
        ? { cause: error.message }
        : error instanceof VoiceCallFailedError
          ? { cause: String((error.cause as Error | undefined)?.message ?? error.cause) }
          : { err: error };
    // How long the oldest lead has waited, for whoever reads the log rather than the answer.
    const waiting = error instanceof LeadsWaitingError ? { oldestUndeliveredLeadSeconds: error.oldestUndeliveredLeadSeconds } : {};
    request.logFields = { ...request.logFields, apiError: answer.body.error, ...limit, ...waiting, ...(known ? {} : gone) };
  }
  reply.code(answer.status);
  // An answer that knows when to come back says so (the rate limiter's 429 has it already).
  if (answer.body.retryAfter !== undefined && !reply.hasHeader('retry-after')) reply.header('retry-after', String(answer.body.retryAfter));
  if (isApiPath(request.url)) return reply.send(answer.body);
  return reply.type('text/plain; charset=utf-8').send(STATUS_CODES[answer.status] ?? 'Error');
}

/**
 * Errors Node finds before there is a request to route: a request that did not arrive within
 * HEADERS_TIMEOUT / REQUEST_TIMEOUT (408), headers too large (431), a malformed request (400).
 * Answered on the socket, which is then closed, so a client trickling its body holds nothing for long.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket, log: FastifyBaseLogger) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = timedOut ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (timedOut) log.info({ status, remoteAddress: socket.remoteAddress }, 'request not received in time: connection closed');
  // Not in the middle of an answer already under way on this connection (as Node's own handler).
  const answering = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent === true;
  if (socket.writable && !answering) {
    const body = JSON.stringify(apiError(timedOut ? 'timeout' : 'invalid_request'));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The 404 page for an address: its folder's (/fr/… → fr/404.html), else the site's own. */
/**
 * The 404 pages the build made, by the first segment of the addresses they answer for: `fr` for
 * /fr/…, '' for any other address.
 */
export type NotFoundPages = Map<string, Buffer>;

function notFoundPageFor(url: string, pages: NotFoundPages): Buffer | undefined {
  const folder = /^\/([^/?#]+)\//.exec(url)?.[1] ?? '';
  return pages.get(folder) ?? pages.get('');
}

export const errorsPlugin = fp<{ notFoundPages: NotFoundPages }>(
  async (app, { notFoundPages }) => {
    app.setErrorHandler(replyWithError);

    app.setNotFoundHandler((request, reply) => {
      reply.code(404);
      if (isApiPath(request.url)) return reply.send(toApiAnswer({ statusCode: 404 }).body);
      reply.header('cache-control', 'no-cache');
      const page = notFoundPageFor(request.url, notFoundPages);
      if (page) return reply.type('text/html; charset=utf-8').send(page);
      return reply.type('text/plain; charset=utf-8').send('Not Found');
    });
  },
  { name: 'errors' },
);
