import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Extra fields for this request's log line (e.g. `honeypot: true`, or the error of a 500). */
    logFields: Record<string, unknown> | null;
  }
}

export const LIVENESS_PROBE = '/api/health?live';

/**
 * Exactly one log line per request (but the proxy's liveness probes that succeed), written when the response is finished (Fastify's own
 * "incoming request"/"request completed" pair is turned off in app.ts). The path is logged
 * without its query string; bodies are never logged.
 */
export const requestLogPlugin = fp(
  async (app) => {
    app.decorateRequest('logFields', null);
    app.addHook('onResponse', async (request, reply) => {
      // The proxy's liveness probe, every 2 s per instance (deploy/Caddyfile): logged only when it fails.
      if (request.url === LIVENESS_PROBE && reply.statusCode < 400) return;
      const line = {
        method: request.method,
        path: request.url.split('?', 1)[0],
        status: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...request.logFields,
      };
      // reqId comes from the request's child logger. A post refused at a limit is no fault: the
      // limit's own warning says it once a minute (limit-warnings.ts), and its lines stay at info,
      // apart from real failures.
      if (reply.statusCode >= 500 && !request.logFields?.limit) request.log.error(line, 'request failed');
      else request.log.info(line, 'request');
    });
  },
  { name: 'request-log' },
);
