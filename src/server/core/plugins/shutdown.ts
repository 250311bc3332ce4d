import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { ShuttingDownError } from '../http-errors';
import fp from 'fastify-plugin';

/** How long a shutdown lets requests still arriving (headers or body) finish arriving. */
export const SHUTDOWN_UPLOAD_GRACE_MS = 3_000;

/**
 * Graceful shutdown, with app.close(): the listener stops, requests already running finish,
 * then the onClose hooks close the database (plugins/storage.ts).
 * - A request that still arrives on an open keep-alive connection: a GET or HEAD has its connection
 *   closed unanswered, so that the proxy in front (Caddy, deploy/Caddyfile: `lb_try_duration`)
 *   sends it again to the instance that replaces this one, as a browser does on its own; any other
 *   gets 503 unavailable, which the page reads as "try again" (a post is not sent twice). Fastify's
 *   built-in 503 for this is not an ApiResponse, so it is turned off in app.ts. A GET answered
 *   503 here reached the visitor during an upgrade (e2e/upgrade.test.ts).
 * - Every answer sent during shutdown carries `Connection: close`, so keep-alive clients let go
 *   of their sockets and the server does not wait for them to time out.
 * - A client still sending its headers or body gets SHUTDOWN_UPLOAD_GRACE_MS to finish, then its
 *   connection is closed: a stalled upload must not hold the shutdown until its REQUEST_TIMEOUT.
 *   Requests that have fully arrived are answered, however long that takes.
 */
export const shutdownPlugin = fp(
  async (app) => {
    let closing = false;
    const connections = new Set<Socket>();
    const requests = new Set<IncomingMessage>();
    let cutTimer: NodeJS.Timeout | undefined;

    app.server.on('connection', (socket: Socket) => {
      connections.add(socket);
      socket.once('close', () => connections.delete(socket));
    });

    function cutStalledUploads() {
      const answering = new Set([...requests].filter((request) => request.complete).map((request) => request.socket));
      const stalled = [...connections].filter((socket) => !answering.has(socket));
      if (stalled.length > 0) app.log.info({ connections: stalled.length }, 'shutdown: closing connections whose request never finished arriving');
      for (const socket of stalled) socket.destroy();
    }

    app.addHook('preClose', async () => {
      closing = true;
      cutTimer = setTimeout(cutStalledUploads, SHUTDOWN_UPLOAD_GRACE_MS);
      cutTimer.unref();
    });
    app.addHook('onClose', async () => clearTimeout(cutTimer));
    app.addHook('onRequest', async (request, reply) => {
      if (closing && (request.method === 'GET' || request.method === 'HEAD')) {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (closing) throw new ShuttingDownError();
      requests.add(request.raw);
      reply.raw.once('close', () => requests.delete(request.raw));
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'shutdown' },
);
