import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contracts/api';
import { type VoiceSession, voiceSessionRequestSchema } from '../../contracts/voice';
import type { VoiceConfig } from '../config';
import { DailyBudgetError, VoiceNotConfiguredError } from '../http-errors';
import { routeRateLimit } from '../plugins/rate-limit';
import type { ZodMiniTypeProvider } from '../validation';
import { budgetDay } from '../vapi/budget-day';
import { signVoiceToken } from '../vapi/session-token';

export type VoiceSessionOptions = {
  voice: VoiceConfig;
  /** The origin of SITE_URL: the only one the token lets start a call. */
  siteOrigin: string;
  /** FIRM_TIME_ZONE: the budget's day ends at the firm's midnight. */
  timeZone: string;
};

/**
 * POST /api/voice/session {locale}: what the page's voice SDK needs to start one call with the
 * assistant of that language. 201 {ok, token, assistantId}; 400 for an unknown language; 429 past
 * RATE_LIMIT_VOICE; 503 not_configured when the demo has no credentials or no assistant for the
 * language; 503 daily_budget_spent past VOICE_CALLS_PER_DAY (counted in the database before the
 * token exists, so a refused or failed count never hands one out).
 */
export async function voiceSessionRoute(app: FastifyInstance, options: VoiceSessionOptions) {
  const { voice } = options;
  app
    .withTypeProvider<ZodMiniTypeProvider>()
    .post(
      API_PATHS.voiceSession,
      { schema: { body: voiceSessionRequestSchema }, config: { rateLimit: routeRateLimit(voice.rateLimit) } },
      async (request, reply) => {
        const { locale } = request.body;
        const assistantId = voice.assistantIds[locale];
        const { credentials } = voice;
        if (!assistantId || !credentials) throw new VoiceNotConfiguredError(locale);
        const { day, secondsLeft } = budgetDay(new Date(), options.timeZone);
        if (!(await app.storage.get().countVoiceSession(day, voice.callsPerDay))) throw new DailyBudgetError(secondsLeft);
        const token =
          credentials.kind === 'token'
            ? await signVoiceToken({ privateKey: credentials.privateKey, orgId: credentials.orgId, origin: options.siteOrigin, assistantId })
            : credentials.publicKey;
        request.logFields = { ...request.logFields, voiceLocale: locale };
        const session: VoiceSession = { ok: true, token, assistantId };
        // A key: never kept by the browser or a proxy.
        return reply.code(201).header('cache-control', 'no-store').send(session);
      },
    );
}
