import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '.';
import { errorLines } from './config-fixtures';

/** The voice demo's settings: the private key, the assistants, the budget, the callback requests. */

describe('loadServerConfig', () => {
  it('reads the voice demo at start-up: the private key the server places calls with, or nothing', () => {
    expect(loadServerConfig({}).voice).toEqual({
      privateKey: undefined,
      apiBaseUrl: undefined,
      assistantIds: {},
      rateLimit: { max: 3, windowSeconds: 600 },
      minutesPerDay: 300,
      maxConcurrent: 10,
      maxCallSeconds: 180,
      leads: undefined,
      callRetentionDays: 30,
    });
    const configured = loadServerConfig({
      VAPI_PRIVATE_KEY: ' private ',
      VAPI_API_BASE_URL: 'https://vapi-proxy.example/',
      VAPI_ASSISTANT_ID_FR: 'asst-fr',
      VAPI_ASSISTANT_ID_EN: '',
      RATE_LIMIT_VOICE: '2/60',
      VAPI_SERVER_SECRET: 'vapi-server-secret-0123456789abcdef',
      VOICE_MINUTES_PER_DAY: '25',
      VOICE_MAX_CONCURRENT: '4',
      VOICE_MAX_CALL_SECONDS: '240',
      VAPI_CALL_RETENTION_DAYS: '0',
    }).voice;
    expect(configured).toEqual({
      privateKey: 'private',
      apiBaseUrl: 'https://vapi-proxy.example',
      assistantIds: { fr: 'asst-fr' },
      rateLimit: { max: 2, windowSeconds: 60 },
      minutesPerDay: 25,
      maxConcurrent: 4,
      maxCallSeconds: 240,
      leads: { serverSecret: 'vapi-server-secret-0123456789abcdef', keepTranscript: false },
      callRetentionDays: 0,
    });
  });

  it('refuses a voice demo that could not place a call, the public key and the old variables, one line each', () => {
    expect(errorLines({ VAPI_PRIVATE_KEY: 'private', VAPI_ASSISTANT_ID: 'asst' })).toEqual([
      '  VAPI_ASSISTANT_ID: no longer read; replaced by VAPI_ASSISTANT_ID_FR and VAPI_ASSISTANT_ID_EN, one assistant per language (`npm run voice:sync` prints both; docs/voice.md)',
      "  VAPI_SERVER_SECRET: required when the voice demo is on: the day's minutes are counted from the calls Vapi reports to /api/voice/events (docs/voice.md)",
    ]);
    expect(errorLines({ VOICE_CALLS_PER_DAY: '100' })).toEqual([
      '  VOICE_CALLS_PER_DAY: no longer read; a count of keys handed out let anyone spend the day without calling; replaced by VOICE_MINUTES_PER_DAY (minutes of calls Vapi reports) and VOICE_MAX_CONCURRENT (docs/voice.md)',
    ]);
    // The public-key mode is gone: the server says so and what to use instead.
    expect(errorLines({ VAPI_PUBLIC_KEY: 'public', VAPI_ASSISTANT_ID_EN: 'asst-en', VAPI_SERVER_SECRET: 'vapi-server-secret-0123456789abcdef' })).toEqual([
      '  VAPI_PUBLIC_KEY: no longer read; the server now places every demo call with VAPI_PRIVATE_KEY (the browser holds no Vapi key, and a public key let anyone start calls outside the limits): set VAPI_PRIVATE_KEY and remove VAPI_PUBLIC_KEY (docs/voice.md)',
      '  VAPI_ASSISTANT_ID_EN: set, but VAPI_PRIVATE_KEY is not: no call could be placed',
    ]);
    expect(errorLines({ VAPI_ORG_ID: 'org-1' })).toEqual([
      '  VAPI_ORG_ID: no longer read; no longer needed: the server places the calls with VAPI_PRIVATE_KEY alone (docs/voice.md)',
    ]);
    expect(errorLines({ RATE_LIMIT_VOICE: '3', VOICE_MINUTES_PER_DAY: '0', VOICE_MAX_CONCURRENT: '0', VOICE_MAX_CALL_SECONDS: '5' })).toEqual([
      '  RATE_LIMIT_VOICE: expected "<max>/<seconds>", e.g. "5/600"',
      '  VOICE_MINUTES_PER_DAY: expected a whole number from 1 to 1000000',
      '  VOICE_MAX_CONCURRENT: expected a whole number from 1 to 10000',
      '  VOICE_MAX_CALL_SECONDS: expected a whole number from 10 to 43200',
    ]);
    // Days a call's record stays at Vapi: negative, a fraction, words or past the figures' own most stop the server.
    for (const value of ['-1', '1.5', 'thirty', '761', '1e9']) {
      expect({ value, lines: errorLines({ VAPI_CALL_RETENTION_DAYS: value }) }).toEqual({
        value,
        lines: ['  VAPI_CALL_RETENTION_DAYS: expected a whole number from 0 to 760'],
      });
    }
    expect(loadServerConfig({ VAPI_CALL_RETENTION_DAYS: '760' }).voice.callRetentionDays).toBe(760);
  });

  it('takes callback requests with a long VAPI_SERVER_SECRET, and keeps transcripts only when asked to', () => {
    const secret = 'x'.repeat(31) + 'Y';
    expect(loadServerConfig({ VAPI_SERVER_SECRET: ` ${secret} ` }).voice.leads).toEqual({ serverSecret: secret, keepTranscript: false });
    expect(loadServerConfig({ VAPI_SERVER_SECRET: secret, VOICE_LEAD_TRANSCRIPT: 'on' }).voice.leads).toEqual({ serverSecret: secret, keepTranscript: true });
    expect(loadServerConfig({ VOICE_LEAD_TRANSCRIPT: 'off' }).voice.leads).toBeUndefined();
    expect(errorLines({ VAPI_SERVER_SECRET: 'short', VOICE_LEAD_TRANSCRIPT: 'yes' })).toEqual([
      '  VAPI_SERVER_SECRET: expected 32 to 256 printable characters without spaces, e.g. the output of: openssl rand -base64 32',
      '  VOICE_LEAD_TRANSCRIPT: expected on or off',
    ]);
    expect(errorLines({ VAPI_SERVER_SECRET: `${secret} with spaces` })).toHaveLength(1);
    expect(errorLines({ VAPI_SERVER_SECRET: secret, VAPI_PRIVATE_KEY: secret })).toEqual([
      '  VAPI_SERVER_SECRET: must not be VAPI_PRIVATE_KEY (Vapi sends it with every request to this server): make another one',
    ]);
    expect(errorLines({ VOICE_LEAD_TRANSCRIPT: 'on' })).toEqual([
      '  VOICE_LEAD_TRANSCRIPT: set, but VAPI_SERVER_SECRET is not: the agent takes no callback requests to keep a transcript with',
    ]);
  });
});
