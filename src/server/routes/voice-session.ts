import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contracts/api';
import { API_ERRORS } from '../../contracts/responses';
import { type VoiceSession, voiceSessionRequestSchema, voiceSessionSchema } from '../../contracts/voice';
import type { VoiceConfig } from '../config';
import { DailyBudgetError, LinesBusyError, VoiceNotConfiguredError } from '../http-errors';
import { limitWarning } from '../limit-warnings';
import { networkOf } from '../network';
import { routeRateLimit } from '../plugins/rate-limit';
import type { ZodMiniTypeProvider } from '../validation';
import { type BudgetRefusal, START_GRACE_SECONDS, voiceBudget } from '../vapi/budget';
import { budgetDay } from '../vapi/budget-day';
import { TOKEN_LIFETIME_SECONDS, signVoiceToken } from '../vapi/session-token';
import { requireProof } from './submission';

export type VoiceSessionOptions = {
  voice: VoiceConfig;
  /** The origin of SITE_URL: the only one the token lets start a call. */
  siteOrigin: string;
  /** FIRM_TIME_ZONE: the budget's day ends at the firm's midnight. */
  timeZone: string;
  /** PROOF_OF_WORK: the session takes a solved proof, as the forms do. */
  proofRequired: boolean;
};

/**
 * POST /api/voice/session {locale, altcha}: what the page's voice SDK needs to start one call with
 * the assistant of that language. 201 {ok, token, assistantId, session}; 400 for an unknown
 * language or without a good proof of work; 429 past RATE_LIMIT_VOICE (per client: an IPv4
 * address or an IPv6 /64); 503 not_configured when the demo has no credentials or no assistant for
 * the language; 503 daily_budget_spent when the day's minutes (or this network's share) are
 * spent, until the firm's midnight; 503 lines_busy when every line (or this network's share) is in
 * use, for a minute. The budget (src/server/vapi/budget.ts) is looked at before the proof is spent
 * and the key is admitted under the day's lock before the token exists: a refused or failed
 * admission never hands one out.
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

  app.withTypeProvider<ZodMiniTypeProvider>().post(
    API_PATHS.voiceSession,
    {
      schema: { body: voiceSessionRequestSchema, response: { 201: voiceSessionSchema, ...API_ERRORS } },
      config: { rateLimit: routeRateLimit(voice.rateLimit) },
    },
    async (request, reply) => {
      const { locale, altcha } = request.body;
      const assistantId = voice.assistantIds[locale];
      const { credentials } = voice;
      if (!assistantId || !credentials) throw new VoiceNotConfiguredError(locale);
      const store = app.storage.get();
      const network = networkOf(request.ip);
      const now = new Date();
      const { day, secondsLeft } = budgetDay(now, options.timeZone);
      await requireProof(app, request, altcha, options.proofRequired, async () => {
        const refused = await store.voiceSessionRefusal({ day, network, budget, now });
        if (refused) throw refuse(refused, network, secondsLeft);
      });
      const admitted = await store.admitVoiceSession({
        day,
        network,
        budget,
        now,
        expiresAt: new Date(now.getTime() + (TOKEN_LIFETIME_SECONDS + START_GRACE_SECONDS) * 1000),
      });
      if (!admitted.ok) throw refuse(admitted.refusal, network, secondsLeft);
      const token =
        credentials.kind === 'token'
          ? await signVoiceToken({ privateKey: credentials.privateKey, orgId: credentials.orgId, origin: options.siteOrigin, assistantId })
          : credentials.publicKey;
      request.logFields = { ...request.logFields, voiceLocale: locale };
      const session: VoiceSession = { ok: true, token, assistantId, session: admitted.session };
      // A key: never kept by the browser or a proxy.
      return reply.code(201).header('cache-control', 'no-store').send(session);
    },
  );
}
