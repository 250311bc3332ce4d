/**
 * The voice demo as its tests (src/web/sections/voice-demo/VoiceDemo.*.test.tsx) see it, driven by
 * the real SDK: each call's instance is a real @vapi-ai/web object (its events are emitted on it: it
 * is an EventEmitter) and its API calls reach a local stand-in for the server's POST
 * /api/voice/call/web. The server's answer to "Call Me" (a session, or why none) is given by the
 * test: the route has its own tests (src/server/voice/session-route.test.ts), and the browser test
 * runs both together. Only the browser's microphone is stubbed (jsdom has none); jsdom has no WebRTC
 * either, so a call that gets past the API fails when Daily creates its call object, like an
 * offline join: the events of a call are emitted while its creation is held.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadSiteConfig } from '../src/config/site-schema';
import { fillContent } from '../src/content';
import { getContent } from '../src/content/all';
import { frenchTypography } from '../src/content/typography';
import type { Locale } from '../src/contracts/locales';
import { createVapi, createVoiceClient, importVapi } from '../src/web/features/voice-call/vapi-client';
import type { VoiceClientLoader } from '../src/web/features/voice-call/voice-client';
import type { SessionAnswer, SessionRequester } from '../src/web/features/voice-call/voice-session';
import type { StatusRequester } from '../src/web/features/voice-call/voice-status';
import { ContentProvider } from '../src/web/lib/content-context';
import { VoiceDemo } from '../src/web/sections/voice-demo/VoiceDemo';
import { startVapiStandIn, type VapiStandIn } from './vapi-stand-in';

/** One call's SDK instance. */
export type Vapi = ReturnType<typeof createVapi>;

export const site = loadSiteConfig({});
export const contentOf = (locale: Locale) => fillContent(getContent(locale), site);
export const text = contentOf('en').voiceDemo;
/** French as the page shows it: typeset (’, no-break spaces and hyphens). */
export const fr = frenchTypography;
/** The same, as toHaveTextContent reads it: every space, no-break ones too, as one space. */
export const frText = (value: string) => frenchTypography(value).replace(/[\u00a0\u202f]/g, ' ');

export let standIn: VapiStandIn;
export let warn: ReturnType<typeof vi.spyOn>;
export let consoleError: ReturnType<typeof vi.spyOn>;

/**
 * Registers the file's hooks (call it at the top of the file, before its describes): one stand-in
 * for the file, console.warn silenced and console.error watched per test, and after each test no
 * toast, real timers, the stand-in answering again, no mocks and no microphone.
 */
export function setUpVoiceDemo() {
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
}

export function microphone(answer: 'granted' | 'denied' | 'missing') {
  const getUserMedia = vi.fn<MediaDevices['getUserMedia']>(async () => {
    if (answer === 'denied') throw new DOMException('Permission denied', 'NotAllowedError');
    if (answer === 'missing') throw new DOMException('Requested device not found', 'NotFoundError');
    return { getTracks: () => [{ stop() {} }] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return getUserMedia;
}

/** What the server answers "Call Me", per call (POST /api/voice/session's `{ ok: true, session }`): a session of its own by default. */
export function sessions(
  answer: (locale: Locale, index: number) => SessionAnswer = (_locale, index) => ({ ok: true, session: { session: `session-${index + 1}` } }),
) {
  let count = 0;
  return vi.fn<SessionRequester>(async (locale) => answer(locale, count++));
}

/** The real SDK behind the demo: a loader handing out the client, and each call's instance. */
export async function realSdk() {
  const VapiSdk = await importVapi();
  const instances: Vapi[] = [];
  const client = createVoiceClient((key) => {
    const vapi = createVapi(VapiSdk, { key, apiBaseUrl: standIn.url });
    instances.push(vapi);
    return vapi;
  });
  const load = vi.fn<VoiceClientLoader>(async () => client);
  return { instances, load };
}

export function renderDemo(load: VoiceClientLoader, requestSession: SessionRequester, locale: Locale = 'en', requestStatus?: StatusRequester) {
  return render(
    <ContentProvider content={contentOf(locale)}>
      <VoiceDemo loadClient={load} requestSession={requestSession} requestStatus={requestStatus} />
      <Toaster />
    </ContentProvider>,
  );
}

export const mainButton = () =>
  screen.getByRole('button', {
    name: /Call Me|End Call|Connecting|Parler à l.agent|Raccrocher|Connexion|Unavailable|Back tomorrow|Try again|Indisponible|À demain|Réessayer/,
  });
export const statusLine = () => screen.getByRole('status');
export const captionsLog = () => screen.getByRole('log');
export const captionsBox = () => document.querySelector<HTMLElement>('[data-captions]')!;

/** Clicks "Call Me" with the creation of the call held at the API: the call's instance is then there to drive. */
export async function callHeld(instances: Vapi[], user = userEvent.setup()) {
  const before = standIn.requests.length;
  standIn.hold();
  await user.click(mainButton());
  await standIn.waitForRequests(before + 1);
  return instances.at(-1)!;
}
