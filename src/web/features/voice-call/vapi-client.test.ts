/**
 * The SDK behaviours the demo relies on, proved against the real @vapi-ai/web package (nothing of
 * it is mocked). Its API calls go to a local stand-in for POST /call/web; jsdom has no WebRTC, so a
 * call that gets past the API fails when Daily creates its call object, as a real failure would.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startVapiStandIn, type VapiStandIn } from '../../../../test/vapi-stand-in';
import { createVapi, createVoiceClient, importVapi, voiceClientLoader } from './vapi-client';
import type { VoiceClientEvent } from './voice-client';

const KEY = 'public-key-for-tests';
const ASSISTANT = 'assistant-for-tests';

let standIn: VapiStandIn;
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

const SESSION = { token: KEY, assistantId: ASSISTANT, session: 'session-1' };

async function newVapi(key = KEY) {
  return createVapi(await importVapi(), { key, apiBaseUrl: standIn.url });
}

/** A client whose SDK instances (one per call) are real, and kept here for the test to look at. */
async function newClient() {
  const Vapi = await importVapi();
  const instances: Awaited<ReturnType<typeof newVapi>>[] = [];
  const client = createVoiceClient((key) => {
    const vapi = createVapi(Vapi, { key, apiBaseUrl: standIn.url });
    instances.push(vapi);
    return vapi;
  });
  return { client, instances };
}

function grantMicrophone() {
  const getUserMedia = vi.fn<MediaDevices['getUserMedia']>(async () => ({ getTracks: () => [{ stop() {} }] }) as unknown as MediaStream);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return getUserMedia;
}

function collect(client: ReturnType<typeof createVoiceClient>) {
  const events: VoiceClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  return events;
}

describe('the real SDK (@vapi-ai/web 2.7)', () => {
  it('loads lazily as a constructor and touches nothing until a call starts', async () => {
    const Vapi = await importVapi();
    expect(typeof Vapi).toBe('function');
    const vapi = createVapi(Vapi, { key: KEY, apiBaseUrl: standIn.url });
    expect(typeof vapi.start).toBe('function');
    expect(standIn.requests).toHaveLength(0);
  });

  it('refuses a start without assistant, squad or workflow', async () => {
    const vapi = await newVapi();
    const errors: unknown[] = [];
    vapi.on('error', (error) => errors.push(error));
    await expect(vapi.start()).rejects.toThrow('Assistant or Squad or Workflow must be provided.');
    expect(errors).toEqual([expect.objectContaining({ type: 'validation-error', stage: 'input-validation' })]);
    expect(standIn.requests).toHaveLength(0);
  });

  it('returns null for a second start while one is under way (already-started)', async () => {
    const vapi = await newVapi();
    vapi.on('error', () => {});
    const progress: unknown[] = [];
    vapi.on('call-start-progress', (event) => progress.push(event));
    standIn.hold();
    const first = vapi.start(ASSISTANT);
    await standIn.waitForRequests(1);
    await expect(vapi.start(ASSISTANT)).resolves.toBeNull();
    expect(progress).toContainEqual(expect.objectContaining({ stage: 'validation', status: 'failed', metadata: { reason: 'already-started' } }));
    expect(standIn.requests).toHaveLength(1);
    standIn.release();
    await expect(first).resolves.toBeNull(); // no WebRTC in jsdom: Daily cannot create the call
  });

  it('creates the web call with the key and assistant id, reports a failed start, then starts again', async () => {
    const vapi = await newVapi();
    const seen: string[] = [];
    vapi.on('error', (error: { type: string }) => seen.push(`error:${error.type}`));
    vapi.on('call-start-failed', () => seen.push('call-start-failed'));
    await expect(vapi.start(ASSISTANT)).resolves.toBeNull();
    expect(standIn.requests[0]).toMatchObject({ path: '/call/web', authorization: `Bearer ${KEY}`, body: { assistantId: ASSISTANT } });
    expect(seen).toEqual(['error:daily-call-object-creation-error', 'call-start-failed', 'error:start-method-error']);
    await expect(vapi.start(ASSISTANT)).resolves.toBeNull();
    expect(standIn.requests).toHaveLength(2); // not stuck in "already started"
  });

  it("sends the key of the instance made last: each call's own key", async () => {
    const first = await newVapi('key-of-call-1');
    first.on('error', () => {});
    await first.start(ASSISTANT);
    const second = await newVapi('key-of-call-2');
    second.on('error', () => {});
    await second.start(ASSISTANT);
    expect(standIn.requests.map((request) => request.authorization)).toEqual(['Bearer key-of-call-1', 'Bearer key-of-call-2']);
  });
});

describe('createVoiceClient', () => {
  it('makes one SDK instance per call, from its key, with every listener, error included, registered before its start', async () => {
    grantMicrophone();
    const { client, instances } = await newClient();
    const events = ['call-start', 'call-end', 'speech-start', 'speech-end', 'message', 'error', 'call-start-failed', 'volume-level'] as const;
    const countsAtStart: Array<Record<string, number>> = [];
    const Vapi = await importVapi();
    const start = vi.spyOn(Vapi.prototype, 'start').mockImplementation(async function (this: InstanceType<typeof Vapi>) {
      countsAtStart.push(Object.fromEntries(events.map((event) => [event, this.listenerCount(event)])));
      return null;
    });
    await client.start({ token: 'key-1', assistantId: ASSISTANT, session: 'session-1' });
    await client.start({ token: 'key-2', assistantId: ASSISTANT, session: 'session-1' });
    expect(instances).toHaveLength(2);
    expect(start.mock.calls).toEqual([
      [ASSISTANT, { metadata: { siteSession: 'session-1' } }],
      [ASSISTANT, { metadata: { siteSession: 'session-1' } }],
    ]);
    expect(countsAtStart).toEqual([Object.fromEntries(events.map((event) => [event, 1])), Object.fromEntries(events.map((event) => [event, 1]))]);
    // The first call's instance has been let go.
    expect(instances[0]!.listenerCount('message')).toBe(0);
  });

  it("maps the SDK events of the current call to the demo events, and ignores a previous call's", async () => {
    grantMicrophone();
    const { client, instances } = await newClient();
    const events = collect(client);
    await client.start(SESSION); // fails in jsdom at Daily; the instance stays the current one
    const [vapi] = instances;
    vapi!.emit('call-start');
    vapi!.emit('speech-start');
    vapi!.emit('speech-end');
    vapi!.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Hello' });
    vapi!.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello!' });
    vapi!.emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Hi' });
    vapi!.emit('message', { type: 'status-update', status: 'in-progress' });
    vapi!.emit('volume-level', 0.42);
    vapi!.emit('volume-level', 3);
    vapi!.emit('call-end');
    expect(events).toEqual([
      { type: 'call-start' },
      { type: 'speech-start' },
      { type: 'speech-end' },
      { type: 'transcript', role: 'assistant', final: false, text: 'Hello' },
      { type: 'transcript', role: 'assistant', final: true, text: 'Hello!' },
      { type: 'transcript', role: 'user', final: true, text: 'Hi' },
      { type: 'volume', level: 0.42 },
      { type: 'volume', level: 1 },
      { type: 'call-end' },
    ]);
    await client.start(SESSION);
    events.length = 0;
    vapi!.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Late' });
    expect(events).toEqual([]);
  });

  it('ends the call on an error during it, but not on the errors the SDK survives', async () => {
    grantMicrophone();
    const { client, instances } = await newClient();
    await client.start(SESSION);
    const [vapi] = instances;
    const stop = vi.spyOn(vapi!, 'stop');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const events = collect(client);
    vapi!.emit('call-start');
    vapi!.emit('error', { type: 'audio-processing-setup-error', stage: 'audio-processing-setup', error: { message: 'KrispInitError' } });
    expect(stop).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    vapi!.emit('error', { type: 'daily-error', error: { message: 'Meeting ended due to ejection' } });
    expect(events.at(-1)).toMatchObject({ type: 'error', reason: 'other' });
    expect(stop).toHaveBeenCalledOnce();
  });

  it('resolves a failed start with the reason, after the SDK has cleaned up, and starts again', async () => {
    grantMicrophone();
    const { client } = await newClient();
    const events = collect(client);
    const result = await client.start(SESSION);
    expect(result).toMatchObject({ outcome: 'failed', reason: 'other' });
    expect(JSON.stringify(result)).toContain('WebRTC not supported'); // logged for the firm
    expect(events).toEqual([]); // the attempt's own errors come back once, as its result
    await expect(client.start(SESSION)).resolves.toMatchObject({ outcome: 'failed' });
    expect(standIn.requests).toHaveLength(2);
  });

  it('asks for the microphone first: a refusal creates no call', async () => {
    const getUserMedia = vi.fn<MediaDevices['getUserMedia']>(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    const { client, instances } = await newClient();
    await expect(client.start(SESSION)).resolves.toMatchObject({ outcome: 'failed', reason: 'microphone-denied' });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(standIn.requests).toHaveLength(0);
    expect(instances).toHaveLength(0);

    getUserMedia.mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'));
    await expect(client.start(SESSION)).resolves.toMatchObject({ outcome: 'failed', reason: 'microphone-unavailable' });
  });

  it('stops a call the visitor abandoned while it was connecting, as soon as the SDK lets go', async () => {
    grantMicrophone();
    const { client, instances } = await newClient();
    const events = collect(client);
    standIn.hold();
    const attempt = client.start(SESSION);
    await standIn.waitForRequests(1);
    const [vapi] = instances;
    const stop = vi.spyOn(vapi!, 'stop');
    client.stop();
    expect(stop).not.toHaveBeenCalled(); // stop() now would not cancel the SDK's pending start
    vapi!.emit('call-start'); // the assistant answers anyway
    vapi!.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello?' });
    expect(stop).toHaveBeenCalledOnce();
    expect(events).toEqual([]);
    standIn.release();
    await expect(attempt).resolves.toEqual({ outcome: 'cancelled' });
    expect(events).toEqual([]); // no error for a call the visitor cancelled
  });

  it('lets "Call Me" again during an abandoned attempt take that attempt back', async () => {
    grantMicrophone();
    const { client } = await newClient();
    standIn.hold();
    const first = client.start(SESSION);
    await standIn.waitForRequests(1);
    client.stop();
    const second = client.start({ token: 'another-key', assistantId: ASSISTANT, session: 'session-1' });
    expect(second).toBe(first);
    standIn.release();
    await expect(second).resolves.toMatchObject({ outcome: 'failed' });
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('voiceClientLoader', () => {
  it('loads one shared client, whose calls reach the configured API base URL', async () => {
    grantMicrophone();
    const load = voiceClientLoader(standIn.url);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    await a.start(SESSION);
    expect(standIn.requests).toEqual([expect.objectContaining({ path: '/call/web', authorization: `Bearer ${KEY}` })]);
  });
});
