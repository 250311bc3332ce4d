import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contracts/api';
import { API_ERRORS } from '../../contracts/responses';
import { type VoiceDemoState, voiceStatusQuerySchema, voiceStatusSchema } from '../../contracts/voice';
import { networkOf } from '../core/network';
import type { ZodMiniTypeProvider } from '../core/validation';
import { type BudgetRefusal, type Hold, refusal, voiceBudget } from './budget';
import { budgetDay } from './budget-day';
import type { VoiceSessionOptions } from './session-route';

/**
 * How long one read of the day's holds answers for, on this instance, and how long the browser may
 * keep an answer: the state changes when a call starts or ends, and a card a few seconds behind
 * still takes the press (POST /api/voice/session says what it finds then).
 */
export const STATUS_MAX_AGE_SECONDS = 5;

const STATES: Record<BudgetRefusal, VoiceDemoState> = { 'budget-spent': 'minutes_spent', 'lines-busy': 'lines_busy' };

/**
 * GET /api/voice/status?locale=fr|en: whether the demo can be tried now, before any "Call Me",
 * with the same rules POST /api/voice/session applies (the language's assistant and the private
 * key, then src/server/voice/budget.ts's `refusal` for this visitor's network), so the card shows
 * what a press would meet. Always 200 `{ state }` (400 for another language): `unavailable` while
 * the database cannot be read, never a 500.
 *
 * Cheap for anyone to ask, as often as they like: no proof of work, no Vapi call, no write (no rate
 * counter, no session, no figure). The day's holds are read (one indexed select, voice_holds.day)
 * at most once per STATUS_MAX_AGE_SECONDS per instance, whoever asks, and a failed read is kept as
 * long, so a flood of asks, or a database down, costs at most that one read; the rest is the pure
 * budget rule over the day's holds. The answer says only the state (no counts, no times), for this
 * visitor's network: `private`, kept by the browser for STATUS_MAX_AGE_SECONDS.
 */
export async function voiceStatusRoute(app: FastifyInstance, options: Pick<VoiceSessionOptions, 'store' | 'voice' | 'timeZone' | 'now'>) {
  const { voice } = options;
  const budget = voiceBudget(voice);
  /** The last read of the day's holds, by the demo's clock (options.now, which tests move forward). */
  let read: { day: string; until: number; holds: Promise<readonly Hold[] | undefined> } | undefined;

  /** The day's holds, read at most once per STATUS_MAX_AGE_SECONDS; undefined when the database cannot say. */
  const holdsOf = (day: string, now: number): Promise<readonly Hold[] | undefined> => {
    if (read && read.day === day && now < read.until) return read.holds;
    const store = options.store.current();
    const holds = store
      ? store.voiceHolds(day).catch((error: unknown) => {
          app.log.warn({ err: error }, 'voice status: the day’s holds could not be read; the card says the demo is unavailable');
          return undefined;
        })
      : Promise.resolve(undefined);
    read = { day, until: now + STATUS_MAX_AGE_SECONDS * 1000, holds };
    return holds;
  };

  app
    .withTypeProvider<ZodMiniTypeProvider>()
    .get(
      API_PATHS.voiceStatus,
      { schema: { querystring: voiceStatusQuerySchema, response: { 200: voiceStatusSchema, ...API_ERRORS } } },
      async (request, reply) => {
        reply.header('cache-control', `private, max-age=${STATUS_MAX_AGE_SECONDS}`);
        const state = await (async (): Promise<VoiceDemoState> => {
          if (!voice.assistantIds[request.query.locale] || !voice.privateKey) return 'not_configured';
          const now = options.now();
          const holds = await holdsOf(budgetDay(now, options.timeZone).day, now.getTime());
          if (!holds) return 'unavailable';
          const refused = refusal(holds, networkOf(request.ip), budget, now.getTime());
          return refused ? STATES[refused] : 'ready';
        })();
        return reply.send({ state });
      },
    );
}
