/**
 * The card before any press: whether the demo can be tried, asked once it comes into view
 * (test/voice-demo.tsx drives the real SDK).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  captionsBox,
  captionsLog,
  contentOf,
  frText,
  mainButton,
  microphone,
  realSdk,
  renderDemo,
  sessions,
  setUpVoiceDemo,
  site,
  text,
} from '../../../../test/voice-demo';
import { formatPhone } from '../../../content';
import { withoutLinks } from '../../../content/text';
import type { Locale } from '../../../contracts/locales';
import type { VoiceClientLoader } from '../../features/voice-call/voice-client';
import type { DemoAvailability, StatusRequester } from '../../features/voice-call/voice-status';

setUpVoiceDemo();

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
