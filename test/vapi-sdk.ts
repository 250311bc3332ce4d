/**
 * What the tests of the voice client on the real SDK share
 * (src/web/features/voice-call/vapi-client-*.test.ts). Nothing of @vapi-ai/web is mocked: its API
 * calls go to a local stand-in for the server's POST /api/voice/call/web (the stand-in's base URL
 * takes the place of /api/voice); jsdom has no WebRTC, so a call that gets past the API fails when
 * Daily creates its call object, as a real failure would. The events of a call that got further
 * (Daily's, Vapi's messages) are emitted on the real instance, as the SDK emits them.
 */
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createVapi, importVapi } from '../src/web/features/voice-call/vapi-client';
import { startVapiStandIn, type VapiStandIn } from './vapi-stand-in';

/** A session of POST /api/voice/session: the SDK's key. */
export const KEY = 'session-for-tests';
export const SESSION = { session: KEY };

export let standIn: VapiStandIn;

/**
 * Registers the file's hooks (call it at the top of the file, before its describes): one stand-in
 * for the file, and after each test the stand-in answering again, no mocks and no microphone.
 */
export function setUpVapiSdk() {
  beforeAll(async () => {
    standIn = await startVapiStandIn();
  });
  afterAll(() => standIn.close());
  afterEach(() => {
    standIn.release();
    standIn.requests.length = 0;
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
}

export async function newVapi(key = KEY) {
  return createVapi(await importVapi(), { key, apiBaseUrl: standIn.url });
}

export function grantMicrophone() {
  const getUserMedia = vi.fn<MediaDevices['getUserMedia']>(async () => ({ getTracks: () => [{ stop() {} }] }) as unknown as MediaStream);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return getUserMedia;
}
