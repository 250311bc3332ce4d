import type { FastifyInstance } from 'fastify';

/**
 * Registers a capability's /api routes in a scope of their own, where request bodies are JSON
 * only: Fastify's default text/plain parser is removed, so any other type is 415
 * unsupported_body (the counting beacon, text/plain as browsers send beacons, adds its own
 * parser: figures/beacon-route.ts). The body size limit (32 KiB) is the server-wide bodyLimit set
 * in app.ts; a route may set its own (Vapi's messages, the page SDK's call).
 */
export async function apiScope(app: FastifyInstance, routes: (api: FastifyInstance) => Promise<void>): Promise<void> {
  await app.register(async (api) => {
    api.removeContentTypeParser('text/plain');
    await routes(api);
  });
}
