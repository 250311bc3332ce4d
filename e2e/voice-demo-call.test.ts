/**
 * The voice demo's call in real Chromium (the setup: ./helpers/voice-demo.ts): the built page holds
 * no key and loads the SDK on intent, the CSP allows the voice origins alone, "Call Me" has the
 * server place exactly one call with its key, and a call can be cancelled or refused the microphone.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getContent } from '../src/content/all';
import {
  ASSISTANT,
  builtWith,
  demo,
  JOIN_FAILS_WITHIN,
  mainButton,
  PRIVATE_KEY,
  sdkChunk,
  server,
  SERVER_SECRET,
  sessionRequests,
  standIn,
  startVoiceDemo,
  STATIC_DIR,
  toast,
  visit,
} from './helpers/voice-demo';

startVoiceDemo('call');

describe('voice demo in Chromium', () => {
  it('holds no key of any kind in the built page, though the build saw them all', async () => {
    const files: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.(html|js|css|json|xml|txt|webmanifest)$/.test(entry.name)) files.push(path);
      }
    };
    await walk(STATIC_DIR);
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(5);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const secret of [PRIVATE_KEY, SERVER_SECRET, builtWith.VAPI_API_BASE_URL!, ASSISTANT.en, ASSISTANT.fr])
        expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });

  it('loads the SDK chunk on intent only: not with the page, but on hover; and asks for no session before "Call Me"', async () => {
    const { page, requested } = await visit({ microphone: false });
    await page.waitForLoadState('networkidle');
    expect(requested.some((url) => url.endsWith(sdkChunk))).toBe(false);
    await mainButton(page).hover();
    await expect.poll(() => requested.some((url) => url.endsWith(sdkChunk))).toBe(true);
    expect(sessionRequests(requested)).toEqual([]); // a session counts against the budget
    expect(standIn.requests).toHaveLength(0); // loading is not calling
  });

  it('allows the voice origins in the CSP, and only them', async () => {
    const { cspHeader } = await visit({ microphone: false });
    const directive = (name: string) => cspHeader.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    // Daily, for the call itself; not Vapi's API (nor its stand-in): the server places the calls.
    expect(directive('connect-src')).toBe(`connect-src 'self' https://*.daily.co wss://*.wss.daily.co https://*.pluot.blue`);
    // The page's own inline scripts (boot, stylesheet loader, script starter) by hash, then the voice SDK's needs.
    expect(directive('script-src')).toMatch(/^script-src 'self'( 'sha256-[^']+'){3,} https:\/\/c\.daily\.co blob: 'wasm-unsafe-eval'$/);
    // The critical CSS of each page by hash; never 'unsafe-inline'.
    expect(directive('style-src')).toMatch(/^style-src 'self'( 'sha256-[^']+')+$/);
    expect(cspHeader).not.toContain("'unsafe-eval'");
    expect(cspHeader).not.toContain('vapi');
    expect(cspHeader).not.toContain('sentry');
  });

  it.each(
    (['en', 'fr'] as const).map((locale) => {
      const { voiceDemo } = getContent(locale);
      return [locale === 'en' ? '/' : '/fr/', locale, voiceDemo.connecting, voiceDemo.errors.startFailed.title] as const;
    }),
  )(
    'on %s "Call Me" has the server place exactly one call to the %s assistant, with its key and its body; the failed join is reported, and it works again',
    async (path, locale, connecting, failed) => {
      const { page, requested, cspViolations } = await visit({ microphone: true, path });
      // Every answer the browser gets from the site, to look for a key in it.
      const answers: string[] = [];
      const browserCalls: Array<{ authorization: string | undefined; body: string | null }> = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/voice/call/web')) browserCalls.push({ authorization: request.headers().authorization, body: request.postData() });
      });
      page.on('response', (response) => {
        if (response.url().startsWith(server.url))
          void response.text().then(
            (text) => answers.push(text),
            () => undefined,
          );
      });
      await mainButton(page).click();
      await expect.poll(() => mainButton(page).textContent()).toContain(connecting);
      expect(await mainButton(page).isDisabled()).toBe(true);
      const [request] = await standIn.waitForRequests(1);
      expect(request).toEqual({
        method: 'POST',
        path: '/call/web',
        authorization: `Bearer ${PRIVATE_KEY}`,
        origin: undefined,
        // The server's body: the language's assistant, the session the call belongs to, the configured length.
        body: {
          assistantId: ASSISTANT[locale],
          assistantOverrides: { metadata: { siteSession: expect.stringMatching(/^[\w-]{22}$/) }, maxDurationSeconds: 180 },
        },
      });
      expect(standIn.refusals).toEqual([null]);
      expect(sessionRequests(requested)).toHaveLength(1);
      // The page's SDK sent its call to the site, with the session as its key.
      const session = (request!.body as { assistantOverrides: { metadata: { siteSession: string } } }).assistantOverrides.metadata.siteSession;
      expect(browserCalls).toEqual([{ authorization: `Bearer ${session}`, body: expect.any(String) }]);
      expect(requested.some((url) => url.startsWith(standIn.url))).toBe(false);

      await toast(page, failed).waitFor({ timeout: JOIN_FAILS_WITHIN });
      expect(await mainButton(page).isEnabled()).toBe(true);
      expect(await demo(page).getByRole('status').textContent()).toBe('');

      await mainButton(page).click();
      await standIn.waitForRequests(2);
      expect(standIn.refusals).toEqual([null, null]);
      const second = standIn.requests[1]!.body as { assistantOverrides: { metadata: { siteSession: string } } };
      expect(second.assistantOverrides.metadata.siteSession).not.toBe(session); // a new call, a new session
      await page.waitForFunction(() => !document.querySelector('#ai-caller button')?.hasAttribute('disabled'), undefined, { timeout: JOIN_FAILS_WITHIN });
      expect(standIn.requests).toHaveLength(2);
      // No answer to the browser held a Vapi key or a way to act on the call.
      expect(answers.length).toBeGreaterThan(3);
      for (const answer of answers) {
        expect(answer).not.toContain(PRIVATE_KEY);
        expect(answer).not.toMatch(/controlUrl|listenUrl|\/control\//);
      }

      // Daily's call machine was allowed; only Daily's error telemetry is refused, on purpose.
      expect((await cspViolations()).filter((violation) => !violation.includes('.ingest.sentry.io'))).toEqual([]);
    },
  );

  it('"Cancel call" gives up a call still connecting, without an error, and takes no room of its own', async () => {
    const { page } = await visit({ microphone: true });
    const card = () =>
      demo(page)
        .locator('[data-call-card]')
        .evaluate((element) => element.getBoundingClientRect().height);
    const idle = await card();
    standIn.hold();
    await mainButton(page).click();
    await standIn.waitForRequests(1);
    const cancel = demo(page).getByRole('button', { name: 'Cancel call' });
    // It shows where the microphone note was: the card keeps its height, nothing under it moves.
    expect(await cancel.isVisible()).toBe(true);
    expect(await card()).toBe(idle);
    await cancel.click();
    expect(await mainButton(page).textContent()).toContain('Call Me');
    expect(await mainButton(page).isEnabled()).toBe(true);
    expect(await cancel.count()).toBe(0);

    standIn.release();
    // Daily gives up after its retries; the visitor, who cancelled, hears nothing of it.
    await page.waitForTimeout(8_000);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await mainButton(page).click();
    await standIn.waitForRequests(2);
  });

  it('tells a visitor who refuses the microphone how to allow it, and creates no call', async () => {
    const { page } = await visit({ microphone: false });
    await mainButton(page).click();
    await toast(page, 'Microphone access needed').waitFor();
    expect(await mainButton(page).isEnabled()).toBe(true);
    expect(standIn.requests).toHaveLength(0);
  });
});
