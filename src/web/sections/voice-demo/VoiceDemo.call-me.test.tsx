/**
 * The demo's "Call Me": the session it asks for, the call the server places, and what a visitor is
 * told when either fails or is refused (test/voice-demo.tsx drives the real SDK).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  captionsBox,
  captionsLog,
  consoleError,
  fr,
  frText,
  mainButton,
  microphone,
  realSdk,
  renderDemo,
  sessions,
  setUpVoiceDemo,
  site,
  standIn,
  statusLine,
  text,
  warn,
} from '../../../../test/voice-demo';
import { formatPhone } from '../../../content';
import { withoutLinks } from '../../../content/text';
import { VOICE_ASSISTANT_PLACEHOLDER } from '../../../contracts/voice-call';
import { voiceClientLoader } from '../../features/voice-call/vapi-client';
import type { VoiceClientLoader } from '../../features/voice-call/voice-client';

setUpVoiceDemo();

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
