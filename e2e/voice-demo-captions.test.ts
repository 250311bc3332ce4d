/**
 * The voice demo's live captions in real Chromium (the setup: ./helpers/voice-demo.ts), from the
 * SDK's own message events: a stand-in of Daily's call machine connects the call and hands the SDK
 * the agent's messages as a real call does.
 */
import { describe, expect, it } from 'vitest';
import { getContent } from '../src/content/all';
import { axeViolations } from './helpers/browser';
import { fromAssistant, joinedRoom, meetingEnded } from './helpers/daily-stand-in';
import { ASSISTANT, box, CARD, captions, demo, lines, mainButton, standIn, startVoiceDemo, visit } from './helpers/voice-demo';

startVoiceDemo('captions');

/** What the voice card says around the captions, from the page's copy (French as typeset). */
function shown(locale: 'en' | 'fr') {
  const { voiceDemo } = getContent(locale);
  return { connected: voiceDemo.status.connected, endCall: voiceDemo.endCall, lasted: voiceDemo.captions.lasted, followUp: voiceDemo.captions.followUp.link };
}

describe("live captions in Chromium, from the SDK's own message events", () => {
  const SCRIPTS = {
    en: {
      path: '/',
      partial: 'Hi, and welcome',
      agent: "Hi, and welcome to Atelier IA! I'm the demo voice agent. What can I do for you?",
      caller: 'Tell me about your voice agents.',
      callerPartial: 'And how long',
      lines: ["Agent: Hi, and welcome to Atelier IA! I'm the demo voice agent. What can I do for you?", 'You: Tell me about your voice agents.'],
      ...shown('en'),
    },
    fr: {
      path: '/fr/',
      partial: 'Bonjour et bienvenue',
      agent: "Bonjour et bienvenue chez Atelier IA! Je suis l'agent vocal de démonstration.",
      caller: 'Parlez-moi de vos agents vocaux.',
      callerPartial: 'Et combien de',
      lines: ["Agent : Bonjour et bienvenue chez Atelier IA! Je suis l'agent vocal de démonstration.", 'Vous : Parlez-moi de vos agents vocaux.'],
      ...shown('fr'),
    },
  } as const;

  it.each(['en', 'fr'] as const)(
    '%s: final lines by speaker, the utterance in progress lighter and unannounced; axe finds nothing, in both themes; nothing moves',
    async (locale) => {
      const script = SCRIPTS[locale];
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, cspViolations } = await visit({ microphone: true, path: script.path, callMachine: true, colorScheme });
        // The card's size and what sits under the captions, relative to it: if neither moves, nothing below does.
        const layout = () =>
          page.evaluate(() => {
            const card = document.querySelector('[data-call-card]')!.getBoundingClientRect();
            return { card: card.height, notice: document.querySelector('#voice-privacy-notice')!.getBoundingClientRect().top - card.top };
          });
        await demo(page).scrollIntoViewIfNeeded();
        const before = await layout();
        await mainButton(page).click();
        expect(await joinedRoom(page)).toBe(standIn.roomUrl);
        expect(standIn.refusals).toEqual([null]);
        expect(standIn.requests[0]).toMatchObject({ body: { assistantId: ASSISTANT[locale] } });

        await fromAssistant(page, 'listening'); // the SDK's call-start
        await expect.poll(() => demo(page).getByRole('status').textContent()).toBe(script.connected);
        expect(await mainButton(page).textContent()).toContain(script.endCall);

        await fromAssistant(page, { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: script.partial });
        const partial = box(page).locator('[data-partial]');
        await expect.poll(() => partial.textContent()).toContain(script.partial);
        expect(await partial.getAttribute('aria-hidden')).toBe('true');
        expect(await lines(page)).toEqual([]);

        await fromAssistant(page, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: script.agent });
        await fromAssistant(page, { type: 'transcript', role: 'user', transcriptType: 'final', transcript: script.caller });
        await fromAssistant(page, { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: script.callerPartial });
        await expect.poll(() => lines(page)).toEqual(script.lines);
        await expect.poll(() => partial.textContent()).toContain(script.callerPartial);
        // Lighter than the final lines, and readable: axe checks the contrast of both.
        const colours = await box(page).evaluate((element) => ({
          final: getComputedStyle(element.querySelector('[role=log] p')!).color,
          partial: getComputedStyle(element.querySelector('[data-partial]')!).color,
        }));
        expect(colours.partial).not.toBe(colours.final);
        expect(await axeViolations(page, CARD)).toEqual([]);
        // The captions came in without moving anything on the page.
        expect(await layout()).toEqual(before);
        expect((await cspViolations()).filter((violation) => !violation.includes('.ingest.sentry.io'))).toEqual([]);

        // The visitor hangs up: daily-js leaves the call, the lines stay with the call's length and a way on.
        await mainButton(page).click();
        await expect.poll(() => captions(page).textContent()).toContain(script.lasted);
        expect(await lines(page)).toEqual(script.lines);
        expect(await captions(page).getByRole('link', { name: script.followUp }).getAttribute('href')).toBe('#contact-form');
        expect(await box(page).locator('[data-partial]').count()).toBe(0);
        expect(await axeViolations(page, CARD)).toEqual([]);
        await page.context().close();
        standIn.requests.length = 0;
        standIn.refusals.length = 0;
      }
    },
  );

  it.each([
    ['/', 'assistant-said-end-call-phrase', 'assistant'],
    ['/fr/', 'exceeded-max-duration', 'time-limit'],
    ['/', 'silence-timed-out', 'silence'],
  ] as const)('on %s a call Vapi ends (%s) shows the ended state with its reason, never the failure notice', async (path, endedReason, reason) => {
    const locale = path === '/' ? 'en' : 'fr';
    const { voiceDemo } = getContent(locale);
    const { page } = await visit({ microphone: true, path, callMachine: true });
    await mainButton(page).click();
    await joinedRoom(page);
    await fromAssistant(page, 'listening');
    await expect.poll(() => demo(page).getByRole('status').textContent()).toBe(voiceDemo.status.connected);
    // Vapi's status-update, then the room ended under the visitor: Daily's "Meeting has ended" error.
    await fromAssistant(page, { type: 'status-update', status: 'ended', endedReason });
    await meetingEnded(page);
    await expect.poll(() => captions(page).textContent()).toContain(voiceDemo.captions.lasted);
    const said = (await captions(page).textContent())!.replaceAll('\u00a0', ' ');
    expect(said).toContain(voiceDemo.captions.endReason[reason].replaceAll('\u00a0', ' '));
    expect(await mainButton(page).textContent()).toContain(voiceDemo.callMe);
    expect(await mainButton(page).isEnabled()).toBe(true);
    // A normal ending: no notification of any kind.
    await page.waitForTimeout(500);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await axeViolations(page, CARD)).toEqual([]);
  });

  it('animates new lines only without reduced motion, and clears them when a new call starts', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page } = await visit({ microphone: true, callMachine: true, reducedMotion });
      await mainButton(page).click();
      await joinedRoom(page);
      await fromAssistant(page, 'listening');
      await fromAssistant(page, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello!' });
      const line = captions(page).locator('p').first();
      await line.waitFor();
      expect(await line.evaluate((element) => getComputedStyle(element).animationName)).toBe(reducedMotion === 'reduce' ? 'none' : 'caption-in');
      await mainButton(page).click();
      await expect.poll(() => captions(page).textContent()).toContain('The call lasted');
      await mainButton(page).click(); // a new call
      await expect.poll(() => captions(page).textContent()).toBe('');
      await page.context().close();
    }
  });
});
