import type { FastifyInstance } from 'fastify';
import { StoreUnavailableError } from '../store';

/** GET /api/health: {ok:true} when storage answers; 503 not_configured / unavailable otherwise. For load balancers and scripts. */
export async function healthRoute(app: FastifyInstance) {
  app.get('/api/health', async () => {
    const store = app.storage.get();
    if (!(await store.healthy())) throw new StoreUnavailableError(new Error('health check query failed'));
    return { ok: true };
  });
}
