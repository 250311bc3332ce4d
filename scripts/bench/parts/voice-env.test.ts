import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../../src/server/core/config';
import { BENCH_VOICE } from './voice-env';

describe("the bench's voice configuration", () => {
  it('is one the production server starts with, the demo on', () => {
    const config = loadServerConfig({ ...BENCH_VOICE, NODE_ENV: 'production', SITE_URL: 'http://127.0.0.1:8080' });
    expect(config.voice.assistantIds).toEqual({ en: BENCH_VOICE.VAPI_ASSISTANT_ID_EN, fr: BENCH_VOICE.VAPI_ASSISTANT_ID_FR });
  });
});
