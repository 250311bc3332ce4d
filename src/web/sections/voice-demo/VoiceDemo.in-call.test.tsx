/**
 * During a call: the card's flags, status line and endings, from the SDK's events
 * (test/voice-demo.tsx drives the real SDK).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import {
  type Vapi,
  callHeld,
  captionsLog,
  contentOf,
  fr,
  frText,
  mainButton,
  microphone,
  realSdk,
  renderDemo,
  sessions,
  setUpVoiceDemo,
  standIn,
  statusLine,
  text,
  warn,
} from '../../../../test/voice-demo';
import { importVapi } from '../../features/voice-call/vapi-client';
import { ContentProvider } from '../../lib/content-context';
import { VoiceDemo } from './VoiceDemo';

setUpVoiceDemo();

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
