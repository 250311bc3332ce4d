import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotConfiguredError, ShuttingDownError, isApiPath, toApiAnswer } from '../http-errors';
import { appWide } from './app-wide';

/**
 * How errors and unknown paths are answered. Under /api/ every answer is an ApiResponse JSON body
 * (src/contracts/api.ts); elsewhere a short text or the site's 404 page. The detail of a 5xx goes
 * to the request's log line only, never to the client.
 */
export function replyWithError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = toApiAnswer(error);
  if (answer.status >= 500) {
    // The log line gets the code, and the error itself unless it is a known state
    // (no storage, shutting down) whose stack would say nothing new.
    const known = error instanceof NotConfiguredError || error instanceof ShuttingDownError;
    request.logFields = { ...request.logFields, apiError: answer.body.error, ...(known ? {} : { err: error }) };
  }
  reply.code(answer.status);
  if (isApiPath(request.url)) return reply.send(answer.body);
  return reply.type('text/plain; charset=utf-8').send(STATUS_CODES[answer.status] ?? 'Error');
}

export const errorsPlugin = appWide<{ notFoundPage: Buffer | undefined }>(async (app, { notFoundPage }) => {
  app.setErrorHandler(replyWithError);

  app.setNotFoundHandler((request, reply) => {
    reply.code(404);
    if (isApiPath(request.url)) return reply.send(toApiAnswer({ statusCode: 404 }).body);
    reply.header('cache-control', 'no-cache');
    if (notFoundPage) return reply.type('text/html; charset=utf-8').send(notFoundPage);
    return reply.type('text/plain; charset=utf-8').send('Not Found');
  });
});
