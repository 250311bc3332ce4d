/**
 * The live captions: who said what, the utterance in progress, and what stays once the call ends
 * (test/voice-demo.tsx drives the real SDK).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  callHeld,
  captionsBox,
  captionsLog,
  fr,
  frText,
  mainButton,
  microphone,
  realSdk,
  renderDemo,
  sessions,
  setUpVoiceDemo,
  standIn,
  text,
} from '../../../../test/voice-demo';

setUpVoiceDemo();

const partial = () => document.querySelector('[data-partial]');

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
