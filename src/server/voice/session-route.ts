import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contracts/api';
import { API_ERRORS } from '../../contracts/responses';
import { type VoiceSession, voiceSessionRequestSchema, voiceSessionSchema } from '../../contracts/voice';
import type { VoiceConfig } from '../core/config';
import { DailyBudgetError, LinesBusyError, RateLimitedError, VoiceNotConfiguredError } from '../core/http-errors';
import { limitWarning } from '../core/limit-warnings';
import { clientOf, networkOf } from '../core/network';
import type { ZodMiniTypeProvider } from '../core/validation';
import { type BudgetRefusal, SESSION_SECONDS, voiceBudget } from './budget';
import { budgetDay } from './budget-day';
import { requireProof } from '../core/submission';
import type { StoreAccess } from '../core/plugins/storage';
import type { VoiceStore } from './store';

export type VoiceSessionOptions = {
  store: StoreAccess<VoiceStore>;
  voice: VoiceConfig;
  /** FIRM_TIME_ZONE: the budget's day ends at the firm's midnight. */
  timeZone: string;
  /** PROOF_OF_WORK: the session takes a solved proof, as the forms do. */
  proofRequired: boolean;
  /** The voice demo's clock (tests move it forward). */
  now: () => Date;
};

/**
 * Requests of any outcome a client may send per RATE_LIMIT_VOICE window, as a multiple of the
 * sessions it may get: "busy" and "spent" answers cost a visitor nothing of their own limit, but a
 * client asking over and over is still stopped.
 */
export const VOICE_REQUESTS_PER_SESSION = 10;
/** The scope of the per-client count of sessions handed out (store.hitClient). */
const SESSIONS_SCOPE = 'voice sessions';

/**
 * POST /api/voice/session {locale, altcha}: a key that places one call with the assistant of that
 * language within SESSION_SECONDS (POST /api/voice/call/web, ./call-route.ts). 201 {ok, session};
 * 400 for an unknown language or without a good proof of work; 429 past RATE_LIMIT_VOICE sessions
 * per client (an IPv4 address or an IPv6 /64); 503 not_configured when the demo has no private key
 * or no assistant for the language; 503 daily_budget_spent when the day's minutes (or this
 * network's share) are spent, until the firm's midnight; 503 lines_busy when every line (or this
 * network's share) is in use, for a minute. The budget (src/server/voice/budget.ts) is looked at
 * before the proof is spent and before the client's own count: a refusal costs the visitor nothing.
 */
export async function voiceSessionRoute(app: FastifyInstance, options: VoiceSessionOptions) {
  const { voice } = options;
  const budget = voiceBudget(voice);
  const warnings: Record<BudgetRefusal, ReturnType<typeof limitWarning>> = {
    'budget-spent': limitWarning(app.log, 'VOICE_MINUTES_PER_DAY', "the day's minutes, or that network's share, are spent: the card offers the contact form", {
      minutesPerDay: voice.minutesPerDay,
    }),
    'lines-busy': limitWarning(app.log, 'VOICE_MAX_CONCURRENT', "every line, or that network's share, is in use: the card says to try again in a minute", {
      lines: voice.maxConcurrent,
    }),
  };
  const refuse = (refusal: BudgetRefusal, network: string, secondsLeft: number) => {
    warnings[refusal].reached(network);
    return refusal === 'budget-spent' ? new DailyBudgetError(secondsLeft) : new LinesBusyError();
  };
  const windowMs = voice.rateLimit.windowSeconds * 1000;

  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.voiceSession,
    {
      schema: { body: voiceSessionRequestSchema, response: { 201: voiceSessionSchema, ...API_ERRORS } },
      config: { rateLimit: { max: voice.rateLimit.max * VOICE_REQUESTS_PER_SESSION, timeWindow: windowMs } },
    },
    async (request, reply) => {
      const { locale, altcha } = request.body;
      if (!voice.assistantIds[locale] || !voice.privateKey) throw new VoiceNotConfiguredError(locale);
      const store = options.store.get();
      const network = networkOf(request.ip);
      const now = options.now();
      const { day, secondsLeft } = budgetDay(now, options.timeZone);
      await requireProof(app, request, altcha, options.proofRequired, async () => {
        const refused = await store.voiceSessionRefusal({ day, network, budget, now });
        if (refused) throw refuse(refused, network, secondsLeft);
      });
      // Counted once the budget has room: only sessions that could be handed out use the client's limit.
      const { count, resetAt } = await store.hitClient(SESSIONS_SCOPE, clientOf(request.ip), windowMs);
      if (count > voice.rateLimit.max) throw new RateLimitedError(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
      const admitted = await store.admitVoiceSession({ day, network, budget, now, locale, expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000) });
      if (!admitted.ok) throw refuse(admitted.refusal, network, secondsLeft);
      request.logFields = { ...request.logFields, voiceLocale: locale };
      const session: VoiceSession = { ok: true, session: admitted.session };
      // A key: never kept by the browser or a proxy.
      return reply.code(201).header('cache-control', 'no-store').send(session);
    },
  );
}
