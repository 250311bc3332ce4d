/**
 * The voice demo's server configuration in `npm run bench` (fictional keys; nothing reaches Vapi):
 * the demo configured as the firm runs it, so that "Call Me" asks for a session, with budgets no
 * bench run can spend. `voice-env.test.ts` fails when the server would refuse it.
 */
export const BENCH_VOICE = {
  VAPI_PRIVATE_KEY: 'bench-private-key',
  VAPI_ASSISTANT_ID_EN: 'bench-assistant-en',
  VAPI_ASSISTANT_ID_FR: 'bench-assistant-fr',
  VAPI_API_BASE_URL: 'http://127.0.0.1:9',
  VAPI_SERVER_SECRET: 'bench-server-secret-0123456789abcdef',
  RATE_LIMIT_VOICE: '100000/60',
  VOICE_MINUTES_PER_DAY: '1000000',
  VOICE_MAX_CONCURRENT: '10000',
} as const;
