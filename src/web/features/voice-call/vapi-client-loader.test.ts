/**
 * voiceClientLoader and the site's own client: one shared client, whose calls go to this site's
 * server (test/vapi-sdk.ts: nothing of the SDK is mocked).
 */
import { describe, expect, it, vi } from 'vitest';
import { KEY, SESSION, grantMicrophone, setUpVapiSdk, standIn } from '../../../../test/vapi-sdk';
import { VOICE_API_BASE_PATH, VOICE_ASSISTANT_PLACEHOLDER } from '../../../contracts/voice-call';
import { loadVoiceClient, siteVoiceApiBaseUrl, voiceClientLoader } from './vapi-client';

setUpVapiSdk();

describe('voiceClientLoader', () => {
  it('loads one shared client, whose calls reach the given API base URL with the session as key and the placeholder assistant only', async () => {
    grantMicrophone();
    const load = voiceClientLoader(() => standIn.url);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    await a.start(SESSION);
    expect(standIn.requests).toEqual([
      expect.objectContaining({ path: '/call/web', authorization: `Bearer ${KEY}`, body: { assistantId: VOICE_ASSISTANT_PLACEHOLDER } }),
    ]);
  });

  it("sends the page's calls to this site's server, POST /api/voice/call/web on the page's origin, never to Vapi; a refused session is a failed start, and the next works", async () => {
    grantMicrophone();
    expect(siteVoiceApiBaseUrl()).toBe(`${location.origin}${VOICE_API_BASE_PATH}`);
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ ok: false, error: 'session_expired' }, { status: 401 }));
    const client = await loadVoiceClient();
    await expect(client.start({ session: 'session-a' })).resolves.toMatchObject({ outcome: 'failed', reason: 'other' });
    await expect(client.start({ session: 'session-b' })).resolves.toMatchObject({ outcome: 'failed', reason: 'other' });
    expect(
      fetch.mock.calls.map(([url, init]) => [String(url), init?.method, (init?.headers as Record<string, string> | undefined)?.Authorization, init?.body]),
    ).toEqual([
      [`${location.origin}/api/voice/call/web`, 'POST', 'Bearer session-a', JSON.stringify({ assistantId: VOICE_ASSISTANT_PLACEHOLDER })],
      [`${location.origin}/api/voice/call/web`, 'POST', 'Bearer session-b', JSON.stringify({ assistantId: VOICE_ASSISTANT_PLACEHOLDER })],
    ]);
  });
});
