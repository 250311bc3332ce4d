/** Cancelling a call that is still connecting (test/voice-demo.tsx drives the real SDK). */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callHeld, mainButton, microphone, realSdk, renderDemo, sessions, setUpVoiceDemo, standIn, statusLine, text, warn } from '../../../../test/voice-demo';

setUpVoiceDemo();

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
