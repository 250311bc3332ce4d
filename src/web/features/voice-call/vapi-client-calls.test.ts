/**
 * createVoiceClient on the real SDK: one instance per call, the SDK's events as the demo's, the
 * endings, failures and cancellations of a call (test/vapi-sdk.ts: nothing of the SDK is mocked).
 */
import { describe, expect, it, vi } from 'vitest';
import { SESSION, grantMicrophone, newVapi, setUpVapiSdk, standIn } from '../../../../test/vapi-sdk';
import { VOICE_ASSISTANT_PLACEHOLDER } from '../../../contracts/voice-call';
import { createVapi, createVoiceClient, importVapi } from './vapi-client';
import type { VoiceClientEvent } from './voice-client';

setUpVapiSdk();

/** A client whose SDK instances (one per call) are real, and kept here for the test to look at, with the key each was made with. */
async function newClient() {
  const Vapi = await importVapi();
  const instances: Awaited<ReturnType<typeof newVapi>>[] = [];
  const keys: string[] = [];
  const client = createVoiceClient((key) => {
    const vapi = createVapi(Vapi, { key, apiBaseUrl: standIn.url });
    instances.push(vapi);
    keys.push(key);
    return vapi;
  });
  return { client, instances, keys };
}

/** A client whose call has been joined and answered (call-start): its instance, and what the client reports. */
async function answeredCall() {
  grantMicrophone();
  const { client, instances } = await newClient();
  await client.start(SESSION); // fails in jsdom at Daily; the instance stays the current one
  const vapi = instances[0]!;
  const stop = vi.spyOn(vapi, 'stop');
  const events = collect(client);
  vapi.emit('call-start');
  events.length = 0;
  return { client, vapi, stop, events };
}

/** Vapi's status-update "ended" message (a Daily app message the SDK emits as 'message'). */
const endedStatus = (endedReason: string) => ({ type: 'status-update', status: 'ended', endedReason });

/**
 * Daily's fatal 'error' event as the SDK forwards it (daily-error, its serializeError of the event:
 * `message` is the event's `error` object, the event's fields follow). Vapi ending the call ends
 * the room: Daily says 'ejected', "Meeting has ended".
 */
const dailyError = (errorMsg: string, type?: string) => {
  const error = type ? { type, msg: errorMsg } : undefined;
  return {
    type: 'daily-error',
    error: { message: error ?? errorMsg, action: 'error', errorMsg, ...(error ? { error } : {}) },
    timestamp: new Date().toISOString(),
  };
};

/** What the SDK does on Daily's left-meeting: call-end, then its own status-update unless Vapi sent one. */
function leftMeeting(vapi: Awaited<ReturnType<typeof newVapi>>) {
  vapi.emit('call-end');
  vapi.emit('message', endedStatus('customer-ended-call'));
}

function collect(client: ReturnType<typeof createVoiceClient>) {
  const events: VoiceClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  return events;
}

describe('createVoiceClient', () => {
  it('makes one SDK instance per call, from its session, with every listener, error included, registered before its start, which names the placeholder assistant and nothing else', async () => {
    grantMicrophone();
    const { client, instances, keys } = await newClient();
    const events = ['call-start', 'call-end', 'speech-start', 'speech-end', 'message', 'error', 'call-start-failed', 'volume-level'] as const;
    const countsAtStart: Array<Record<string, number>> = [];
    const Vapi = await importVapi();
    const start = vi.spyOn(Vapi.prototype, 'start').mockImplementation(async function (this: InstanceType<typeof Vapi>) {
      countsAtStart.push(Object.fromEntries(events.map((event) => [event, this.listenerCount(event)])));
      return null;
    });
    await client.start({ session: 'session-1' });
    await client.start({ session: 'session-2' });
    expect(instances).toHaveLength(2);
    expect(keys).toEqual(['session-1', 'session-2']);
    // No overrides: the server picks the assistant by the session's language and writes the metadata.
    expect(start.mock.calls).toEqual([[VOICE_ASSISTANT_PLACEHOLDER], [VOICE_ASSISTANT_PLACEHOLDER]]);
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
    vapi!.emit('message', endedStatus('assistant-said-end-call-phrase'));
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
      { type: 'call-end', reason: 'assistant' },
    ]);
    await client.start(SESSION);
    events.length = 0;
    vapi!.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Late' });
    expect(events).toEqual([]);
  });

  it('ends the call on an error during it, once, but not on the errors the SDK survives', async () => {
    const { vapi, stop, events } = await answeredCall();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vapi.emit('error', { type: 'audio-processing-setup-error', stage: 'audio-processing-setup', error: { message: 'KrispInitError' } });
    expect(stop).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    expect(events).toEqual([]);
    vapi.emit('error', dailyError('Network connection lost', 'connection-error'));
    expect(events).toEqual([{ type: 'error', reason: 'other', error: expect.objectContaining({ type: 'daily-error' }) }]);
    expect(stop).toHaveBeenCalledOnce();
    leftMeeting(vapi); // what the SDK says as it lets go: not news
    expect(events).toHaveLength(1);
  });

  it.each([
    ['the agent said goodbye', 'assistant-said-end-call-phrase', { reason: 'assistant' }],
    ["the agent's end-call tool (the closing line at the time limit too)", 'assistant-ended-call', { reason: 'assistant' }],
    ['the maximum length', 'exceeded-max-duration', { reason: 'time-limit' }],
    ['a silence', 'silence-timed-out', { reason: 'silence' }],
    ['the visitor, as Vapi saw it', 'customer-ended-call', { reason: 'visitor' }],
    ['a reason the visitor needs no words about', 'manually-canceled', {}],
  ])('reports Vapi ending the call (%s), which Daily says as an ejection, as its end, once, with the reason', async (_case, endedReason, expected) => {
    const { vapi, stop, events } = await answeredCall();
    vapi.emit('message', endedStatus(endedReason));
    vapi.emit('error', dailyError('Meeting has ended', 'ejected'));
    expect(events).toEqual([{ type: 'call-end', ...expected }]);
    expect(stop).toHaveBeenCalledOnce(); // Daily's call object is let go, microphone included
    leftMeeting(vapi);
    vapi.emit('error', dailyError('Meeting has ended', 'ejected'));
    expect(events).toHaveLength(1);
  });

  it("takes each of Daily's words for a meeting that ended as an ending, with no reason when Vapi gave none", async () => {
    for (const error of [
      dailyError('Meeting ended due to ejection'),
      dailyError('Meeting ended due to ejection: Meeting has ended'),
      dailyError('The meeting expired', 'exp-room'),
      dailyError('The meeting token expired', 'exp-token'),
    ]) {
      const { vapi, events } = await answeredCall();
      vapi.emit('error', error);
      expect(events).toEqual([{ type: 'call-end' }]);
    }
  });

  it("reports the SDK's own end of the call (Daily's left-meeting) with the reason Vapi gave, not the SDK's stand-in one", async () => {
    const { vapi, stop, events } = await answeredCall();
    vapi.emit('message', endedStatus('silence-timed-out'));
    leftMeeting(vapi);
    expect(events).toEqual([{ type: 'call-end', reason: 'silence' }]);
    expect(stop).not.toHaveBeenCalled(); // the SDK cleans up after its own left-meeting
  });

  it('reports a call Vapi ended for a fault as a failure, not an ending, whether Daily or the SDK says it first', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fault = 'pipeline-error-openai-llm-failed';
    const viaSdk = await answeredCall();
    viaSdk.vapi.emit('message', endedStatus(fault));
    leftMeeting(viaSdk.vapi);
    expect(viaSdk.events).toEqual([{ type: 'error', reason: 'other', error: { type: 'call-ended-by-fault', endedReason: fault } }]);

    const viaDaily = await answeredCall();
    viaDaily.vapi.emit('message', endedStatus('call.in-progress.error-vapifault-openai-voice-failed'));
    viaDaily.vapi.emit('error', dailyError('Meeting has ended', 'ejected'));
    leftMeeting(viaDaily.vapi);
    expect(viaDaily.events).toEqual([expect.objectContaining({ type: 'error', reason: 'other' })]);
    expect(viaDaily.stop).toHaveBeenCalledOnce();
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes an ejection before the assistant answered for a failure: the call never was', async () => {
    grantMicrophone();
    const { client, instances } = await newClient();
    await client.start(SESSION);
    const events = collect(client);
    instances[0]!.emit('error', dailyError('Meeting has ended', 'ejected'));
    expect(events).toEqual([expect.objectContaining({ type: 'error', reason: 'other' })]);
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
    const second = client.start({ session: 'another-session' });
    expect(second).toBe(first);
    standIn.release();
    await expect(second).resolves.toMatchObject({ outcome: 'failed' });
    expect(standIn.requests).toHaveLength(1);
  });
});
