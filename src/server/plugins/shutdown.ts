import { ShuttingDownError } from '../http-errors';
import { appWide } from './app-wide';

/**
 * Graceful shutdown, with app.close(): the listener stops, requests already running finish,
 * then the onClose hooks close the database (plugins/storage.ts).
 * - A request that still arrives on an open keep-alive connection gets 503 unavailable
 *   (Fastify's built-in answer for this is not an ApiResponse, so it is turned off in app.ts).
 * - Every answer sent during shutdown carries `Connection: close`, so keep-alive clients let go
 *   of their sockets and the server does not wait for them to time out.
 */
export const shutdownPlugin = appWide(async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new ShuttingDownError();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
});
