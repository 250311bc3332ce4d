/**
 * The voice demo as a visitor sees it, driven by the real SDK: each call's instance is a real
 * @vapi-ai/web object (its events are emitted on it: it is an EventEmitter) and its API calls
 * reach a local stand-in for the server's POST /api/voice/call/web. The server's answer to "Call Me" (a session, or why
 * none) is given by the test: the route has its own tests (src/server/voice/session-route.test.ts), and
 * the browser test runs both together. Only the browser's microphone is stubbed (jsdom has none);
 * jsdom has no WebRTC either, so a call that gets past the API fails when Daily creates its call
 * object, like an offline join: the events of a call are emitted while its creation is held.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { withoutLinks } from '../../../content/text';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Toaster, toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startVapiStandIn, type VapiStandIn } from '../../../../test/vapi-stand-in';
import { loadSiteConfig } from '../../../config/site-schema';
import { getContent } from '../../../content/all';
import { ContentProvider } from '../../lib/content-context';
import { fillContent, formatPhone } from '../../../content';
import { frenchTypography } from '../../../content/typography';
import type { Locale } from '../../../contracts/locales';
import { VOICE_ASSISTANT_PLACEHOLDER } from '../../../contracts/voice-call';
import { createVapi, createVoiceClient, importVapi, voiceClientLoader } from '../../features/voice-call/vapi-client';
import type { VoiceClientLoader } from '../../features/voice-call/voice-client';
import type { SessionAnswer, SessionRequester } from '../../features/voice-call/voice-session';
import type { DemoAvailability, StatusRequester } from '../../features/voice-call/voice-status';
import { VoiceDemo } from './VoiceDemo';

/** One call's SDK instance. */
type Vapi = ReturnType<typeof createVapi>;

const site = loadSiteConfig({});
const contentOf = (locale: Locale) => fillContent(getContent(locale), site);
const text = contentOf('en').voiceDemo;
/** French as the page shows it: typeset (’, no-break spaces and hyphens). */
const fr = frenchTypography;
/** The same, as toHaveTextContent reads it: every space, no-break ones too, as one space. */
const frText = (value: string) => frenchTypography(value).replace(/[\u00a0\u202f]/g, ' ');

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

/** What the server answers "Call Me", per call (POST /api/voice/session's `{ ok: true, session }`): a session of its own by default. */
function sessions(answer: (locale: Locale, index: number) => SessionAnswer = (_locale, index) => ({ ok: true, session: { session: `session-${index + 1}` } })) {
  let count = 0;
  return vi.fn<SessionRequester>(async (locale) => answer(locale, count++));
}

/** The real SDK behind the demo: a loader handing out the client, and each call's instance. */
async function realSdk() {
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

function renderDemo(load: VoiceClientLoader, requestSession: SessionRequester, locale: Locale = 'en', requestStatus?: StatusRequester) {
  return render(
    <ContentProvider content={contentOf(locale)}>
      <VoiceDemo loadClient={load} requestSession={requestSession} requestStatus={requestStatus} />
      <Toaster />
    </ContentProvider>,
  );
}

const mainButton = () =>
  screen.getByRole('button', {
    name: /Call Me|End Call|Connecting|Parler à l.agent|Raccrocher|Connexion|Unavailable|Back tomorrow|Try again|Indisponible|À demain|Réessayer/,
  });
const statusLine = () => screen.getByRole('status');
const captionsLog = () => screen.getByRole('log');
const captionsBox = () => document.querySelector<HTMLElement>('[data-captions]')!;
const partial = () => document.querySelector('[data-partial]');

/** Clicks "Call Me" with the creation of the call held at the API: the call's instance is then there to drive. */
async function callHeld(instances: Vapi[], user = userEvent.setup()) {
  const before = standIn.requests.length;
  standIn.hold();
  await user.click(mainButton());
  await standIn.waitForRequests(before + 1);
  return instances.at(-1)!;
}

/**
 * Vapi ends the call, as the SDK reports it: Vapi's status-update "ended" message (when it gives a
 * reason), Daily's ejection from the ended room (an 'error'), then Daily's left-meeting (the SDK's
 * call-end, and its own status-update since Vapi's came).
 */
function vapiEnds(vapi: Vapi, endedReason?: string) {
  act(() => {
    if (endedReason) vapi.emit('message', { type: 'status-update', status: 'ended', endedReason });
    vapi.emit('error', {
      type: 'daily-error',
      error: {
        message: { type: 'ejected', msg: 'Meeting has ended' },
        action: 'error',
        errorMsg: 'Meeting has ended',
        error: { type: 'ejected', msg: 'Meeting has ended' },
      },
      timestamp: new Date().toISOString(),
    });
    vapi.emit('call-end');
    vapi.emit('message', { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' });
  });
}

const endedLine = () => document.querySelector('[data-call-ended]');

/** jsdom cannot join a call (no WebRTC): here start() resolves as it does once a call is joined. */
async function joinedCall(instances: Vapi[]) {
  vi.spyOn((await importVapi()).prototype, 'start').mockResolvedValue({ id: 'joined-call' } as never);
  await userEvent.click(mainButton());
  await waitFor(() => expect(instances).toHaveLength(1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 10))); // the attempt settles: 'started'
  const vapi = instances[0]!;
  act(() => void vapi.emit('call-start'));
  return vapi;
}

describe('"Call Me"', () => {
  it("asks for a session in the page's language, has the server create the call with it as the SDK's key, reports the failed join and is ready again", async () => {
    microphone('granted');
    const { load } = await realSdk();
    const requestSession = sessions();
    const user = userEvent.setup();
    renderDemo(load, requestSession);
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();

    standIn.hold();
    await user.click(mainButton());
    const [request] = await standIn.waitForRequests(1);
    expect(requestSession).toHaveBeenCalledExactlyOnceWith('en', expect.objectContaining({ take: expect.any(Function) }));
    expect(request).toMatchObject({ path: '/call/web', authorization: 'Bearer session-1' });
    expect(request!.body).toEqual({ assistantId: VOICE_ASSISTANT_PLACEHOLDER }); // the server picks the assistant and writes the metadata
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
    const [, second] = await standIn.waitForRequests(2); // a second attempt really starts, with a new session
    expect(second).toMatchObject({ authorization: 'Bearer session-2' });
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(mainButton()).toBeEnabled();
  });

  it('asks for a French session from the French page (the server picks the assistant by it)', async () => {
    microphone('granted');
    const { load } = await realSdk();
    const requestSession = sessions();
    renderDemo(load, requestSession, 'fr');
    await userEvent.click(screen.getByRole('button', { name: /^Parler à l.agent$/ }));
    const [request] = await standIn.waitForRequests(1);
    expect(requestSession).toHaveBeenCalledExactlyOnceWith('fr', expect.objectContaining({ take: expect.any(Function) }));
    expect(request).toMatchObject({ authorization: 'Bearer session-1', body: { assistantId: VOICE_ASSISTANT_PLACEHOLDER } });
    expect(await screen.findByText(fr("L'appel n'a pas pu démarrer"))).toBeInTheDocument();
  });

  it.each([
    [401, { ok: false, error: 'session_expired' }],
    [401, { ok: false, error: 'session_used' }],
    [502, { ok: false, error: 'call_failed' }],
    [503, { ok: false, error: 'lines_busy' }],
  ])('says so plainly when the server does not place the call (%i %o)', async (status, body) => {
    microphone('granted');
    standIn.reply(() => ({ status, body }));
    const { load } = await realSdk();
    renderDemo(load, sessions());
    await userEvent.click(mainButton());
    expect(await screen.findByText(text.errors.startFailed.title)).toBeInTheDocument();
    expect(mainButton()).toBeEnabled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('gives a denied microphone its own message and creates no call', async () => {
    microphone('denied');
    const { load } = await realSdk();
    renderDemo(load, sessions());
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
    renderDemo(load, sessions());
    await userEvent.click(mainButton());
    expect(await screen.findByText(text.errors.microphoneUnavailable.title)).toBeInTheDocument();
    expect(mainButton()).toBeEnabled();
  });

  it('says in the card that the demo is unavailable when a press finds the server has no voice demo, with the phone and the form, without a notification, the microphone or an error', async () => {
    const getUserMedia = microphone('granted');
    const { load, instances } = await realSdk();
    renderDemo(
      load,
      sessions(() => ({ ok: false, refusal: 'not-configured' })),
    );
    await userEvent.click(mainButton());
    // Read out (a press found it out): why, then what to do instead.
    await waitFor(() => expect(captionsLog()).toHaveTextContent(`${text.states.unavailable.note} ${withoutLinks(text.states.unavailable.instead)}`));
    // Not a dead end: the firm's phone and the contact form, and the button shown as not available, named by its label.
    expect(within(captionsLog()).getByRole('link', { name: 'book a free call' })).toHaveAttribute('href', '#contact-form');
    expect(within(captionsLog()).getByRole('link', { name: formatPhone(site.phone, 'en') })).toHaveAttribute('href', site.phoneHref);
    expect(mainButton()).toHaveAttribute('aria-disabled', 'true');
    expect(mainButton()).toHaveAccessibleName(`Unavailable – ${text.states.unavailable.note}`);
    await userEvent.click(mainButton());
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(instances).toHaveLength(0);
    expect(consoleError).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("says in the card, with the firm's phone, when a press finds the day's demo calls spent, and that the demo is back tomorrow", async () => {
    microphone('granted');
    const { load } = await realSdk();
    const requestSession = sessions(() => ({ ok: false, refusal: 'budget-spent' }));
    renderDemo(load, requestSession);

    await userEvent.click(mainButton());
    const log = captionsLog();
    await waitFor(() =>
      expect(log).toHaveTextContent(
        `Today's demo calls are all taken; the demo will be back tomorrow. Call us at ${formatPhone(site.phone, 'en')} or book a free call and we'll show you the voice agent live.`,
      ),
    );
    expect(within(log).getByRole('link', { name: formatPhone(site.phone, 'en') })).toHaveAttribute('href', site.phoneHref);
    expect(within(log).getByRole('link', { name: 'book a free call' })).toHaveAttribute('href', '#contact-form');
    expect(mainButton()).toHaveAccessibleName(`Back tomorrow – ${text.states['budget-spent'].note}`);
    expect(mainButton()).toHaveAttribute('aria-disabled', 'true');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    // Pressed anyway, it asks nothing more of the server today.
    await userEvent.click(mainButton());
    expect(requestSession).toHaveBeenCalledOnce();
    expect(log).toHaveTextContent("Today's demo calls are all taken; the demo will be back tomorrow.");
  });

  it('says so in French too: the demo is back tomorrow', async () => {
    microphone('granted');
    const { load } = await realSdk();
    renderDemo(
      load,
      sessions(() => ({ ok: false, refusal: 'budget-spent' })),
      'fr',
    );
    await userEvent.click(mainButton());
    await waitFor(() =>
      expect(captionsLog()).toHaveTextContent(frText("Nous avons atteint la limite de démonstrations pour aujourd'hui; l'agent sera de retour demain.")),
    );
    expect(within(captionsLog()).getByRole('link', { name: formatPhone(site.phone, 'fr') })).toHaveAttribute('href', site.phoneHref);
    expect(mainButton()).toHaveAccessibleName(/^À demain – Nous avons atteint la limite/);
  });

  it('says in the card when every line is busy ("Try again" stays live), and never tells a visitor who started no call that they started several', async () => {
    const getUserMedia = microphone('granted');
    const { load } = await realSdk();
    const refusals = ['lines-busy', 'rate-limited'] as const;
    renderDemo(
      load,
      sessions((_locale, index) => ({ ok: false, refusal: refusals[index]! })),
    );
    const heightBefore = captionsBox().className;
    await userEvent.click(mainButton());
    const log = captionsLog();
    await waitFor(() => expect(log).toHaveTextContent('All our lines are busy. Please try again in a minute. Rather not wait?'));
    expect(mainButton()).toHaveAccessibleName(`Try again – ${text.states['lines-busy'].note}`);
    expect(mainButton()).toBeEnabled();
    expect(mainButton()).not.toHaveAttribute('aria-disabled');

    // The limit of sessions answers (429), though this page was handed none: no claim about calls,
    // and the demo is shown as there (the budget is looked at first: it had room).
    await userEvent.click(mainButton());
    await waitFor(() => expect(log).toHaveTextContent(withoutLinks(text.tooManyAttempts)));
    expect(mainButton()).toHaveAccessibleName('Call Me');
    expect(log).not.toHaveTextContent('several calls');
    expect(log).not.toHaveTextContent('All our lines are busy');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(standIn.requests).toHaveLength(0);
    expect(captionsBox().className).toBe(heightBefore); // the same fixed-height box
  });

  it('says "you have started several calls" only to a page that was handed more than one session', async () => {
    microphone('granted');
    const { load } = await realSdk();
    const requestSession = sessions((_locale, index) =>
      index < 2 ? { ok: true, session: { session: `session-${index + 1}` } } : { ok: false, refusal: 'rate-limited' },
    );
    renderDemo(load, requestSession);
    for (let call = 1; call <= 2; call++) {
      await userEvent.click(mainButton());
      // jsdom cannot join: each call fails after the server placed it.
      await standIn.waitForRequests(call);
      await waitFor(() => expect(mainButton()).toHaveAccessibleName('Call Me'));
    }
    await userEvent.click(mainButton());
    await waitFor(() => expect(captionsLog()).toHaveTextContent(withoutLinks(text.rateLimited)));
    expect(captionsLog()).toHaveTextContent('You have started several calls in a short time.');
  });

  it('treats a session that could not be had (network, database) as a call that could not start', async () => {
    microphone('granted');
    const { load } = await realSdk();
    renderDemo(
      load,
      sessions(() => ({ ok: false, refusal: 'failed' })),
    );
    await userEvent.click(mainButton());
    expect(await screen.findByText(text.errors.startFailed.title)).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Voice demo could not start:', expect.any(Error));
  });

  it('loads the SDK on hover or focus, once, without asking for a session: that happens on the click', async () => {
    microphone('granted');
    const loader = voiceClientLoader(() => standIn.url);
    const load = vi.fn<VoiceClientLoader>(loader);
    const requestSession = sessions();
    renderDemo(load, requestSession);
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(mainButton());
    fireEvent.pointerEnter(mainButton());
    await waitFor(() => expect(load).toHaveBeenCalled());
    const clients = await Promise.all(load.mock.results.map((result) => result.value));
    expect(new Set(clients).size).toBe(1);
    expect(requestSession).not.toHaveBeenCalled();

    standIn.hold();
    await userEvent.click(mainButton());
    await standIn.waitForRequests(1);
    standIn.release();
    expect(await screen.findByText(text.errors.startFailed.title)).toBeInTheDocument();
    expect(standIn.requests).toHaveLength(1);
    expect(requestSession).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
  });
});

/** The card coming into view: jsdom has no IntersectionObserver; this one sees its element at once. */
function cardInView() {
  class InView {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      queueMicrotask(() => this.callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', InView);
}
const card = () => document.querySelector<HTMLElement>('[data-call-card]')!;
const waves = () => card().querySelectorAll('.animate-wave');
/** As toHaveTextContent reads the page's copy: French typeset, English as written. */
const shown = (locale: Locale, value: string) => (locale === 'fr' ? frText(value) : value);
const micNote = (locale: Locale) => screen.getByText(shown(locale, contentOf(locale).voiceDemo.microphoneNote));

/**
 * The card once the server has said, as it came into view, that the demo cannot be tried (`state`):
 * what every such state shows, checked; the press is the test's.
 */
async function cardShowing(locale: Locale, state: 'unavailable' | 'budget-spent' | 'lines-busy') {
  cardInView();
  const copy = contentOf(locale).voiceDemo;
  const words = copy.states[state];
  microphone('granted');
  const requestStatus = vi.fn<StatusRequester>(async () => state);
  const { load } = await realSdk();
  const requestSession = sessions(() => ({ ok: false, refusal: 'lines-busy' }));
  renderDemo(load, requestSession, locale, requestStatus);
  await waitFor(() => expect(card()).toHaveAttribute('data-demo-state', state));
  expect(requestStatus).toHaveBeenCalledExactlyOnceWith(locale);

  // Its label, then the line that says why, in its name (that line is in no live region).
  expect(mainButton()).toHaveAttribute('aria-label', `${words.button} – ${words.note}`);
  expect(mainButton()).toHaveTextContent(shown(locale, words.button));
  expect(mainButton()).not.toHaveTextContent(shown(locale, copy.callMe));
  expect(waves()).toHaveLength(0);
  expect(micNote(locale)).toHaveClass('invisible');
  const note = document.getElementById('voice-demo-state')!;
  expect(note).toHaveTextContent(shown(locale, words.note));
  expect(note).not.toHaveClass('invisible');
  // Not a dead end: the firm's phone, as the page's language writes it, and the contact form.
  const box = within(captionsBox());
  expect(box.getByRole('link', { name: formatPhone(site.phone, locale) })).toHaveAttribute('href', site.phoneHref);
  expect(site.phoneHref).toMatch(/^tel:\+?\d+$/);
  expect(box.getAllByRole('link').filter((link) => link.getAttribute('href') === '#contact-form')).toHaveLength(1);
  expect(captionsBox()).not.toHaveTextContent(shown(locale, copy.captions.placeholder));
  // Learnt on coming into view: shown, not read out (the live region stays empty).
  expect(captionsLog()).toHaveTextContent('');
  // Nothing made ready for a call the press could not start.
  expect(load).not.toHaveBeenCalled();
  return { words, load, requestSession };
}

describe('the card before any press: whether the demo can be tried, asked once when it comes into view', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is not asked on page load, only once the card is in view', async () => {
    const requestStatus = vi.fn<StatusRequester>(async () => 'budget-spent');
    renderDemo(vi.fn<VoiceClientLoader>(), sessions(), 'en', requestStatus);
    await act(async () => {});
    expect(requestStatus).not.toHaveBeenCalled();
    expect(card()).toHaveAttribute('data-demo-state', 'ready');
  });

  it('ready: "Call Me" with its waves and the microphone note, and the SDK and proof of work get ready', async () => {
    cardInView();
    const requestStatus = vi.fn<StatusRequester>(async () => 'ready');
    const load = vi.fn<VoiceClientLoader>(() => new Promise(() => {}));
    const requestSession = sessions();
    renderDemo(load, requestSession, 'en', requestStatus);
    await waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(requestStatus).toHaveBeenCalledExactlyOnceWith('en');
    expect(mainButton()).toHaveAccessibleName('Call Me');
    expect(mainButton()).toHaveAccessibleDescription(expect.not.stringContaining('busy'));
    expect(waves()).toHaveLength(2);
    expect(micNote('en')).not.toHaveClass('invisible');
    expect(captionsBox()).toHaveTextContent(text.captions.placeholder);
    expect(requestSession).not.toHaveBeenCalled();
  });

  it.each((['en', 'fr'] as const).flatMap((locale) => (['unavailable', 'budget-spent'] as const).map((state) => ({ locale, state }))))(
    '$state ($locale): its label in place of "Call Me", no waves, why in place of the microphone note, the phone and the form in the box; a press asks nothing',
    async ({ locale, state }) => {
      const { words, load, requestSession } = await cardShowing(locale, state);
      expect(mainButton()).toHaveAttribute('aria-disabled', 'true');
      fireEvent.pointerEnter(mainButton());
      fireEvent.focus(mainButton());
      await userEvent.click(mainButton());
      expect(requestSession).not.toHaveBeenCalled();
      expect(load).not.toHaveBeenCalled();
      expect(mainButton()).toHaveAttribute('aria-label', `${words.button} – ${words.note}`);
      expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    },
  );

  it.each(['en', 'fr'] as const)(
    'lines-busy (%s): the same, with "Try again" live: a press asks for a session, and what the server answers is what the card shows',
    async (locale) => {
      const { words, requestSession } = await cardShowing(locale, 'lines-busy');
      expect(mainButton()).not.toHaveAttribute('aria-disabled');
      await userEvent.click(mainButton());
      await waitFor(() => expect(requestSession).toHaveBeenCalledOnce());
      // Found out by a press: now read out, the reason with it.
      await waitFor(() => expect(captionsLog()).toHaveTextContent(shown(locale, `${words.note} ${withoutLinks(words.instead)}`)));
      expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    },
  );

  it('gives the last word to a press made before the answer came: a late answer changes nothing', async () => {
    cardInView();
    microphone('granted');
    const pending: { answer?: (state: DemoAvailability | null) => void } = {};
    const requestStatus = vi.fn<StatusRequester>(() => new Promise((resolve) => (pending.answer = resolve)));
    const { load } = await realSdk();
    renderDemo(
      load,
      sessions(() => ({ ok: false, refusal: 'lines-busy' })),
      'en',
      requestStatus,
    );
    await waitFor(() => expect(requestStatus).toHaveBeenCalledOnce());
    await userEvent.click(mainButton());
    await waitFor(() => expect(card()).toHaveAttribute('data-demo-state', 'lines-busy'));
    await act(async () => pending.answer!('budget-spent'));
    expect(card()).toHaveAttribute('data-demo-state', 'lines-busy');
    expect(mainButton()).toHaveAccessibleName(/^Try again/);
  });

  it('keeps the card as it was prerendered when the server cannot say (a network failure, an older server)', async () => {
    cardInView();
    const load = vi.fn<VoiceClientLoader>(() => new Promise(() => {}));
    renderDemo(load, sessions(), 'en', async () => null);
    await waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(card()).toHaveAttribute('data-demo-state', 'ready');
    expect(mainButton()).toHaveAccessibleName('Call Me');
  });
});

describe("during a call: the card's flags, from the SDK's events", () => {
  it('follows call-start, speech and transcripts, with the 200 ms rule, until the visitor ends it', async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    const user = userEvent.setup();
    renderDemo(load, sessions());
    const vapi = await callHeld(instances, user);
    const emit = (event: 'call-start' | 'speech-start' | 'speech-end') => act(() => void vapi.emit(event));
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

    await user.click(mainButton());
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();
    standIn.release();
  });

  it('clears everything on an error, tells the visitor, ends the call and keeps what was said', async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    renderDemo(load, sessions());
    const vapi = await joinedCall(instances);
    const stop = vi.spyOn(vapi, 'stop');
    act(() => void vapi.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello!' }));
    act(() => void vapi.emit('speech-start'));
    act(() => void vapi.emit('error', { type: 'daily-error', error: { message: 'connection lost' } }));
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();
    expect(await screen.findByText(text.errors.callFailed.title)).toBeInTheDocument();
    expect(stop).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('Voice demo call failed:', expect.anything());
    expect(captionsLog()).toHaveTextContent('Agent: Hello!');
    expect(captionsLog()).toHaveTextContent(text.captions.lasted);
  });

  it.each([
    ['en', 'assistant-said-end-call-phrase', 'The agent ended the call.'],
    ['en', 'exceeded-max-duration', "The demo's time limit was reached."],
    ['en', 'silence-timed-out', 'The call ended after a long silence.'],
    ['fr', 'assistant-ended-call', "L'agent a mis fin à l'appel."],
    ['fr', 'exceeded-max-duration', 'La durée maximale de la démonstration a été atteinte.'],
    ['fr', 'silence-timed-out', "L'appel a pris fin après un long silence."],
  ] as const)(
    'in %s, a call Vapi ends (%s) is an ending, not a failure: the card says why, politely, and the next "Call Me" clears it',
    async (locale, endedReason, why) => {
      microphone('granted');
      const { load, instances } = await realSdk();
      renderDemo(load, sessions(), locale);
      const vapi = await joinedCall(instances);
      const stop = vi.spyOn(vapi, 'stop');
      act(() => void vapi.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Goodbye!' }));
      vapi.emit('volume-level', 0.5);
      vapiEnds(vapi, endedReason);

      const lasted = contentOf(locale).voiceDemo.captions.lasted;
      expect(mainButton()).toHaveTextContent(locale === 'en' ? text.callMe : fr("Parler à l'agent"));
      expect(statusLine()).toBeEmptyDOMElement();
      // In the captions' polite live region, with the call's length: read out as the call ends.
      expect(within(captionsLog()).getByText(locale === 'en' ? why : fr(why))).toHaveAttribute('data-end-reason');
      expect(endedLine()).toHaveTextContent(new RegExp(`^${(locale === 'en' ? why : frText(why)).replace(/[.?]/g, '\\$&')} ${lasted}`));
      expect(captionsLog()).toHaveTextContent(locale === 'en' ? 'Agent: Goodbye!' : 'Agent : Goodbye!');
      expect(document.querySelector('[data-sonner-toast]')).toBeNull();
      expect(warn).not.toHaveBeenCalled();
      expect(stop).toHaveBeenCalledOnce(); // Daily's ended call is let go

      await userEvent.click(mainButton());
      expect(endedLine()).toBeNull();
      expect(screen.queryByText(locale === 'en' ? why : fr(why))).not.toBeInTheDocument();
    },
  );

  it('says no reason when the visitor hung up, or when Vapi gave none, and still no failure', async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    renderDemo(load, sessions());
    vapiEnds(await joinedCall(instances), 'customer-ended-call');
    expect(endedLine()).toHaveTextContent(new RegExp(`^${text.captions.lasted}`));
    expect(document.querySelector('[data-end-reason]')).toBeNull();

    await userEvent.click(mainButton());
    await waitFor(() => expect(instances).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    act(() => void instances[1]!.emit('call-start'));
    vapiEnds(instances[1]!);
    expect(endedLine()).toHaveTextContent(new RegExp(`^${text.captions.lasted}`));
    expect(document.querySelector('[data-end-reason]')).toBeNull();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it("tells the visitor the call was interrupted when Vapi ended it for a fault, and gives no reason line (nor the last call's)", async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    renderDemo(load, sessions());
    vapiEnds(await joinedCall(instances), 'silence-timed-out');
    expect(document.querySelector('[data-end-reason]')).toHaveTextContent(text.captions.endReason.silence);

    await userEvent.click(mainButton());
    await waitFor(() => expect(instances).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    act(() => void instances[1]!.emit('call-start'));
    vapiEnds(instances[1]!, 'pipeline-error-openai-llm-failed');
    expect(await screen.findByText(text.errors.callFailed.title)).toBeInTheDocument();
    expect(endedLine()).toHaveTextContent(new RegExp(`^${text.captions.lasted}`)); // the call's length, as after any call
    expect(warn).toHaveBeenCalledWith('Voice demo call failed:', { type: 'call-ended-by-fault', endedReason: 'pipeline-error-openai-llm-failed' });
    expect(warn).toHaveBeenCalledOnce();
    expect(document.querySelector('[data-end-reason]')).toBeNull();
    expect(mainButton()).toHaveTextContent(text.callMe);
  });

  it('"End Call" stops the SDK call', async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    renderDemo(load, sessions());
    const vapi = await joinedCall(instances);
    const stop = vi.spyOn(vapi, 'stop');
    await userEvent.click(screen.getByRole('button', { name: text.endCall }));
    await waitFor(() => expect(stop).toHaveBeenCalledOnce());
    expect(mainButton()).toHaveTextContent(text.callMe);
    expect(statusLine()).toBeEmptyDOMElement();
    // The SDK's own end of the call changes nothing more.
    act(() => void vapi.emit('call-end'));
    expect(mainButton()).toHaveTextContent(text.callMe);
  });

  it("lets the assistant's voice level drive the ring through a CSS custom property, never an inline style in the HTML", async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    renderDemo(load, sessions());
    const vapi = await callHeld(instances);
    act(() => void vapi.emit('call-start'));
    const ring = screen.getByTestId('voice-level');
    act(() => void vapi.emit('volume-level', 0.6));
    expect(ring.style.getPropertyValue('--voice-level')).toBe('0.60');
    act(() => void vapi.emit('volume-level', 0.05));
    expect(ring.style.getPropertyValue('--voice-level')).toBe('0.05');
    expect(ring.className).toContain('motion-reduce:scale-100'); // a static ring under reduced motion

    const html = renderToString(
      <ContentProvider content={contentOf('en')}>
        <VoiceDemo loadClient={load} requestSession={sessions()} />
      </ContentProvider>,
    );
    expect(html).not.toContain('style=');
    await userEvent.click(mainButton());
    standIn.release();
  });
});

describe('live captions', () => {
  it('shows each final line with who spoke, the utterance in progress lighter and unannounced, the last few only', async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    renderDemo(load, sessions());
    expect(captionsBox()).toHaveTextContent(text.captions.placeholder);
    expect(captionsLog()).toHaveAccessibleName(text.captions.label);
    expect(captionsLog()).toHaveAttribute('aria-live', 'polite');
    const vapi = await callHeld(instances);
    const say = (role: 'assistant' | 'user', transcriptType: 'partial' | 'final', transcript: string) =>
      act(() => void vapi.emit('message', { type: 'transcript', role, transcriptType, transcript }));
    act(() => void vapi.emit('call-start'));

    say('assistant', 'partial', 'Hi, and welcome');
    expect(partial()).toHaveTextContent('Agent: Hi, and welcome');
    expect(partial()).toHaveAttribute('aria-hidden', 'true');
    expect(partial()!.className).toContain('text-slate-500');
    expect(captionsLog()).toBeEmptyDOMElement(); // nothing announced yet
    expect(captionsBox()).not.toHaveTextContent(text.captions.placeholder);

    say('assistant', 'final', 'Hi, and welcome to Atelier IA!');
    expect(partial()).toBeNull();
    expect(captionsLog()).toHaveTextContent('Agent: Hi, and welcome to Atelier IA!');
    say('user', 'final', 'Tell me about your services.');
    say('assistant', 'final', 'We build voice agents.');
    say('user', 'partial', 'And the');
    say('user', 'final', 'And the price?');
    const lines = within(captionsLog())
      .getAllByText(/./, { selector: 'p' })
      .map((line) => line.textContent);
    // All final lines are in the log; the browser shows the newest that fit whole (e2e/voice-demo-card-states.test.ts).
    expect(lines).toEqual([
      'Agent: Hi, and welcome to Atelier IA!',
      'You: Tell me about your services.',
      'Agent: We build voice agents.',
      'You: And the price?',
    ]);
    await userEvent.click(mainButton());
    standIn.release();
  });

  it('keeps the lines when the call ends, with its length and a link to the contact form, and clears them for the next call', async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    renderDemo(load, sessions(), 'fr');
    const vapi = await callHeld(instances);
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(Date.UTC(2026, 10, 26, 15, 0, 0));
    act(() => void vapi.emit('call-start'));
    act(() => void vapi.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Bonjour!' }));
    act(() => void vapi.emit('message', { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'Au rev' }));
    now.mockReturnValue(Date.UTC(2026, 10, 26, 15, 1, 42));
    await userEvent.click(screen.getByRole('button', { name: fr('Raccrocher') }));
    now.mockRestore();

    const log = captionsLog();
    expect(log).toHaveTextContent('Agent : Bonjour!'); // (the matcher reads the no-break space as a space) // (the matcher reads the no-break space as a space)
    expect(log).toHaveTextContent(frText("L'appel a duré 1 minute et 42 secondes. Vous voulez aller plus loin? Écrivez-nous"));
    expect(within(log).getByText('1 minute et 42 secondes')).toHaveAttribute('datetime', 'PT102S');
    expect(within(log).getByRole('link', { name: fr('Écrivez-nous') })).toHaveAttribute('href', '#contact-form');
    expect(document.querySelector('[data-partial]')).toBeNull(); // what was unfinished is dropped

    standIn.release();
    await waitFor(() => expect(standIn.requests).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /^Parler à l.agent$/ }));
    expect(captionsLog()).toBeEmptyDOMElement();
    expect(captionsBox()).toHaveTextContent(frText("Pendant l'appel, ce que vous et l'agent dites s'affiche ici."));
    expect(await screen.findByText(fr("L'appel n'a pas pu démarrer"))).toBeInTheDocument(); // that call is over too
  });
});

describe('cancelling a call that is still connecting', () => {
  it('returns to "Call Me" at once, ends the call when the SDK gets there, and shows no error', async () => {
    microphone('granted');
    const { load, instances } = await realSdk();
    const user = userEvent.setup();
    renderDemo(load, sessions());
    const vapi = await callHeld(instances, user);
    const stop = vi.spyOn(vapi, 'stop');

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
    renderDemo(load, sessions());
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
