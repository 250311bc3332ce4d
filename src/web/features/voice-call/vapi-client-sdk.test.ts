/**
 * The SDK behaviours the demo relies on, proved against the real @vapi-ai/web package
 * (test/vapi-sdk.ts: nothing of it is mocked, its API calls reach a local stand-in).
 */
import { describe, expect, it } from 'vitest';
import { KEY, newVapi, setUpVapiSdk, standIn } from '../../../../test/vapi-sdk';
import { createVapi, importVapi } from './vapi-client';

setUpVapiSdk();

const ASSISTANT = 'assistant-for-tests';

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

  it('creates the web call with the key and the assistant named, reports a failed start, then starts again', async () => {
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
