import { loadSiteConfig } from '../../../config/site-schema';
/**
 * The voice demo as a visitor sees it, driven by the real SDK instance: its events are emitted on
 * it (it is an EventEmitter) and its API calls reach a local stand-in for POST /call/web. Only the
 * browser's microphone is stubbed (jsdom has none); jsdom has no WebRTC either, so a call that gets
 * past the API fails when Daily creates its call object, like an offline join.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Toaster, toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startVapiStandIn, type VapiStandIn } from '../../../../e2e/helpers/vapi-stand-in';
import { ContentProvider, fillContent } from '../../content/context';
import { getContent } from '../../content/all';

const en = getContent('en');
import { createVapi, createVoiceClient, importVapi, voiceClientLoader } from '../../features/voice-agent/vapi-client';
import type { VoiceClientLoader } from '../../features/voice-agent/voice-client';
import { VoiceDemo } from './VoiceDemo';

const KEY = 'public-key-for-tests';
const ASSISTANT = 'assistant-for-tests';
const site = loadSiteConfig({});
const content = fillContent(en, site);
const text = content.voiceDemo;

let standIn: VapiStandIn;
let warn: ReturnType<typeof vi.spyOn>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  standIn = await startVapiStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  act(() => void toast.dismiss()); // sonner keeps active toasts between renders
  vi.useRealTimers();
  standIn.release();
  standIn.requests.length = 0;
  standIn.reply((_request, index) => ({ status: 201, body: { id: `call-${index}`, webCallUrl: standIn.roomUrl } }));
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function microphone(answer: 'granted' | 'denied' | 'missing') {
  const getUserMedia = vi.fn<MediaDevices['getUserMedia']>(async () => {
    if (answer === 'denied') throw new DOMException('Permission denied', 'NotAllowedError');
    if (answer === 'missing') throw new DOMException('Requested device not found', 'NotFoundError');
    return { getTracks: () => [{ stop() {} }] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return getUserMedia;
}

/** The real SDK instance behind the demo, and a loader handing out the client that wraps it. */
async function realSdk() {
  const vapi = createVapi(await importVapi(), { publicKey: KEY, apiBaseUrl: standIn.url });
  const client = createVoiceClient(vapi, ASSISTANT);
  const load = vi.fn<VoiceClientLoader>(async () => client);
  return { vapi, load };
}

function renderDemo(load: VoiceClientLoader, options: { available?: boolean } = {}) {
  return render(
    <ContentProvider content={content}>
      <VoiceDemo loadClient={load} available={options.available ?? true} />
      <Toaster />
    </ContentProvider>,
  );
}

const mainButton = () => screen.getByRole('button', { name: new RegExp(`${text.callMe}|${text.endCall}|${text.connecting}`) });
const statusLine = () => screen.getByRole('status');

/** Hover loads and subscribes the client, as a visitor's pointer does before the click. */
async function hoverToLoad(load: { mock: { calls: unknown[] } }) {
  fireEvent.pointerEnter(mainButton());
  await waitFor(() => expect(load.mock.calls.length).toBeGreaterThan(0));
  await act(async () => {});
}

describe('"Call Me"', () => {
  it('creates a call for the firm\'s assistant, shows it connecting, reports the failed join and is ready again', async () => {
    microphone('granted');
    const { load } = await realSdk();
    const user = userEvent.setup();
    renderDemo(load);
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();

    standIn.hold();
    await user.click(mainButton());
    const [request] = await standIn.waitForRequests(1);
    expect(request).toMatchObject({ path: '/call/web', authorization: `Bearer ${KEY}`, body: { assistantId: ASSISTANT } });
    expect(mainButton()).toBeDisabled();
    expect(mainButton()).toHaveTextContent(text.connecting);
    expect(screen.getByRole('button', { name: text.cancelCall })).toBeEnabled();
    expect(statusLine()).toBeEmptyDOMElement();

    standIn.release();
    expect(await screen.findByText(text.errors.startFailed.title)).toBeInTheDocument();
    expect(screen.getByText(text.errors.startFailed.description)).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Voice demo could not start:', expect.anything());
    expect(mainButton()).toBeEnabled();
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(screen.queryByRole('button', { name: text.cancelCall })).not.toBeInTheDocument();

    await user.click(mainButton());
    await standIn.waitForRequests(2); // a second attempt really starts (the SDK is not stuck)
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(mainButton()).toBeEnabled();
  });

  it('says so plainly when the provider refuses the call', async () => {
    microphone('granted');
    standIn.reply(() => ({ status: 401, body: { message: 'Invalid key' } }));
    const { load } = await realSdk();
    renderDemo(load);
    await userEvent.click(mainButton());
    expect(await screen.findByText(text.errors.startFailed.title)).toBeInTheDocument();
    expect(mainButton()).toBeEnabled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('gives a denied microphone its own message and creates no call', async () => {
    microphone('denied');
    const { load } = await realSdk();
    renderDemo(load);
    await userEvent.click(mainButton());
    expect(await screen.findByText(text.errors.microphoneDenied.title)).toBeInTheDocument();
    expect(screen.getByText(text.errors.microphoneDenied.description)).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Voice demo could not start:', expect.objectContaining({ name: 'NotAllowedError' }));
    expect(mainButton()).toBeEnabled();
    expect(standIn.requests).toHaveLength(0);
  });

  it('tells a visitor without a microphone', async () => {
    microphone('missing');
    const { load } = await realSdk();
    renderDemo(load);
    await userEvent.click(mainButton());
    expect(await screen.findByText(text.errors.microphoneUnavailable.title)).toBeInTheDocument();
    expect(mainButton()).toBeEnabled();
  });

  it('tells the visitor the demo is unavailable when the site has no key, without loading anything or logging an error', async () => {
    const load = vi.fn<VoiceClientLoader>(async () => null);
    renderDemo(load, { available: false });
    fireEvent.pointerEnter(mainButton());
    await userEvent.click(mainButton());
    expect(await screen.findByText(text.unavailableTitle)).toBeInTheDocument();
    expect(screen.getByText(text.unavailableDescription)).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(mainButton()).toBeEnabled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('loads the SDK on hover or focus, once: both together make one client, and one call starts', async () => {
    microphone('granted');
    const loader = voiceClientLoader({ publicKey: KEY, assistantId: ASSISTANT, apiBaseUrl: standIn.url });
    const load = vi.fn<VoiceClientLoader>(loader);
    renderDemo(load);
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(mainButton());
    fireEvent.pointerEnter(mainButton());
    await waitFor(() => expect(load).toHaveBeenCalled());
    const clients = await Promise.all(load.mock.results.map((result) => result.value));
    expect(new Set(clients).size).toBe(1);

    standIn.hold();
    await userEvent.click(mainButton());
    await standIn.waitForRequests(1);
    standIn.release();
    expect(await screen.findByText(text.errors.startFailed.title)).toBeInTheDocument();
    expect(standIn.requests).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('during a call (spec §4 flags, from the SDK\'s events)', () => {
  it('follows call-start, speech and transcripts, with the 200 ms rule, until call-end', async () => {
    const { vapi, load } = await realSdk();
    renderDemo(load);
    await hoverToLoad(load);
    const emit = (event: 'call-start' | 'call-end' | 'speech-start' | 'speech-end') => act(() => void vapi.emit(event));
    const transcript = (role: 'assistant' | 'user', transcriptType: 'partial' | 'final') =>
      act(() => void vapi.emit('message', { type: 'transcript', role, transcriptType, transcript: '...' }));

    emit('call-start');
    expect(mainButton()).toHaveTextContent(text.endCall);
    expect(mainButton()).toBeEnabled();
    expect(statusLine()).toHaveTextContent(text.status.connected);

    emit('speech-start');
    expect(statusLine()).toHaveTextContent(text.status.listening);
    emit('speech-end');
    expect(statusLine()).toHaveTextContent(text.status.connected);

    transcript('assistant', 'partial');
    expect(statusLine()).toHaveTextContent(text.status.assistantSpeaking);
    emit('speech-start'); // clears assistant-speaking
    expect(statusLine()).toHaveTextContent(text.status.listening);
    transcript('assistant', 'partial'); // clears user-speaking
    expect(statusLine()).toHaveTextContent(text.status.assistantSpeaking);

    vi.useFakeTimers();
    transcript('assistant', 'final');
    act(() => void vi.advanceTimersByTime(199));
    expect(statusLine()).toHaveTextContent(text.status.assistantSpeaking);
    act(() => void vi.advanceTimersByTime(1));
    expect(statusLine()).toHaveTextContent(text.status.connected);

    transcript('assistant', 'final');
    transcript('assistant', 'partial'); // a new utterance cancels the pending clear
    act(() => void vi.advanceTimersByTime(500));
    expect(statusLine()).toHaveTextContent(text.status.assistantSpeaking);
    transcript('assistant', 'final');
    act(() => void vi.advanceTimersByTime(200));
    vi.useRealTimers();

    transcript('user', 'partial'); // sets user-speaking (it does not clear assistant-speaking, which ranks first)
    expect(statusLine()).toHaveTextContent(text.status.listening);

    emit('call-end');
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();
  });

  it('clears everything on an error, tells the visitor and ends the call', async () => {
    const { vapi, load } = await realSdk();
    const stop = vi.spyOn(vapi, 'stop');
    renderDemo(load);
    await hoverToLoad(load);
    act(() => void vapi.emit('call-start'));
    act(() => void vapi.emit('speech-start'));
    act(() => void vapi.emit('error', { type: 'daily-error', error: { message: 'connection lost' } }));
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();
    expect(await screen.findByText(text.errors.callFailed.title)).toBeInTheDocument();
    expect(stop).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('Voice demo call failed:', expect.anything());
  });

  it('"End Call" stops the SDK call', async () => {
    const { vapi, load } = await realSdk();
    const stop = vi.spyOn(vapi, 'stop');
    renderDemo(load);
    await hoverToLoad(load);
    act(() => void vapi.emit('call-start'));
    await userEvent.click(screen.getByRole('button', { name: text.endCall }));
    await waitFor(() => expect(stop).toHaveBeenCalledOnce());
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();
  });

  it('lets the assistant\'s voice level drive the ring through a CSS custom property, never an inline style in the HTML', async () => {
    const { vapi, load } = await realSdk();
    renderDemo(load);
    await hoverToLoad(load);
    act(() => void vapi.emit('call-start'));
    const ring = screen.getByTestId('voice-level');
    act(() => void vapi.emit('volume-level', 0.6));
    expect(ring.style.getPropertyValue('--voice-level')).toBe('0.60');
    act(() => void vapi.emit('volume-level', 0.05));
    expect(ring.style.getPropertyValue('--voice-level')).toBe('0.05');
    expect(ring.className).toContain('motion-reduce:scale-100'); // a static ring under reduced motion

    const html = renderToString(
      <ContentProvider content={content}>
        <VoiceDemo loadClient={load} available />
      </ContentProvider>,
    );
    expect(html).not.toContain('style=');
  });
});

describe('cancelling a call that is still connecting', () => {
  it('returns to "Call Me" at once, ends the call when the SDK gets there, and shows no error', async () => {
    microphone('granted');
    const { vapi, load } = await realSdk();
    const stop = vi.spyOn(vapi, 'stop');
    const user = userEvent.setup();
    renderDemo(load);
    standIn.hold();
    await user.click(mainButton());
    await standIn.waitForRequests(1);

    await user.click(screen.getByRole('button', { name: text.cancelCall }));
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(mainButton()).toBeEnabled();

    act(() => void vapi.emit('call-start')); // the assistant picks up anyway
    expect(stop).toHaveBeenCalledOnce();
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();

    standIn.release();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(screen.queryByText(text.errors.startFailed.title)).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();

    await user.click(mainButton());
    await standIn.waitForRequests(2);
    expect(await screen.findByText(text.errors.startFailed.title)).toBeInTheDocument();
  });

  it('moves keyboard focus to "Cancel call" while connecting and back to the button afterwards', async () => {
    microphone('granted');
    const { load } = await realSdk();
    const user = userEvent.setup();
    renderDemo(load);
    standIn.hold();
    await user.tab();
    expect(mainButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    await standIn.waitForRequests(1);
    await waitFor(() => expect(screen.getByRole('button', { name: text.cancelCall })).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(mainButton()).toHaveFocus());
    expect(mainButton()).toHaveTextContent(text.callMe);
  });
});
