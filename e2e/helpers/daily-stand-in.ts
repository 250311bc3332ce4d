import type { BrowserContext, Page } from 'playwright-core';

/**
 * A stand-in for Daily's "call machine", the one piece of a call that cannot run offline.
 *
 * In call-object mode, daily-js (inside @vapi-ai/web) loads the call machine at join time from
 * https://c.daily.co/call-machine/versioned/<version>/static/call-machine-object-bundle.js (by a
 * <script src>: the client passes `avoidEval`). The call machine holds the WebRTC connection to
 * Daily's servers and talks to daily-js in the page with window.postMessage, messages marked
 * `what: 'iframe-call-message'`: daily-js's from 'module', the call machine's from 'embedded'
 * (daily-js 0.87, its CallObjectMessageChannel). Vapi's server speaks to the page through that
 * connection: the agent's "listening", then its messages (transcripts...) as Daily app-messages.
 *
 * This script is served for that URL (Playwright's route) and does, in that protocol, what the call
 * machine does for a call: it answers `join-meeting` with `joined-meeting` and `leave-meeting`
 * with `left-meeting`, and delivers the app-messages the test gives it, as the call machine does
 * with those that arrive from Vapi; and, when Vapi ends the call, says the meeting has ended as
 * the call machine does (a fatal error of type 'ejected', then `left-meeting`). Everything above it runs unchanged: daily-js turns them into
 * its 'app-message' events, @vapi-ai/web into its own 'call-start' and 'message' events, and the
 * page into its call status and captions. No audio flows.
 */
const CALL_MACHINE = `(() => {
  const post = (callClientId, message) =>
    window.postMessage({ ...message, what: 'iframe-call-message', from: 'embedded', callClientId }, location.origin);
  const standIn = (window.__dailyStandIn = { callClientId: null, joinedUrl: null, received: [] });
  standIn.appMessage = (data) =>
    post(standIn.callClientId, { action: 'app-message', data: typeof data === 'string' ? data : JSON.stringify(data), fromId: 'vapi-assistant' });
  // What the call machine says when the room's owner (Vapi) ends the meeting: a fatal 'ejected' error, then left-meeting.
  standIn.meetingEnded = (errorMsg) => {
    post(standIn.callClientId, { action: 'error', errorMsg, error: { type: 'ejected', msg: errorMsg } });
    post(standIn.callClientId, { action: 'left-meeting' });
  };
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.what !== 'iframe-call-message' || message.from !== 'module') return;
    standIn.received.push(message.action);
    const answer = (reply) => post(message.callClientId, { ...reply, callbackStamp: message.callbackStamp });
    if (message.action === 'join-meeting') {
      standIn.callClientId = message.callClientId;
      standIn.joinedUrl = message.properties && message.properties.url;
      answer({ action: 'joined-meeting', participants: {} });
    } else if (message.action === 'leave-meeting') {
      answer({ action: 'left-meeting' });
    }
  });
})();
`;

export const DAILY_CALL_MACHINE_URL = /^https:\/\/c\.daily\.co\/call-machine\/versioned\/[^/]+\/static\/call-machine-object-bundle\.js$/;

/** Serves the stand-in call machine to every page of the context. */
export async function standInDailyCallMachine(context: BrowserContext): Promise<void> {
  await context.route(DAILY_CALL_MACHINE_URL, (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: CALL_MACHINE }));
}

/** Resolves with the room the page joined, once daily-js has asked the call machine to join it. */
export async function joinedRoom(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => (window as unknown as { __dailyStandIn?: { joinedUrl: string | null } }).__dailyStandIn?.joinedUrl ?? null);
  return (await handle.jsonValue()) as string;
}

/** Delivers a message from Vapi's side of the call: 'listening', or a message object (sent as JSON). */
export async function fromAssistant(page: Page, data: string | object): Promise<void> {
  await page.evaluate((message) => (window as unknown as { __dailyStandIn: { appMessage(data: unknown): void } }).__dailyStandIn.appMessage(message), data);
}

/** Vapi ends the call (its goodbye, the time limit, a silence): Daily's "Meeting has ended", as the call machine reports it. */
export async function meetingEnded(page: Page, errorMsg = 'Meeting has ended'): Promise<void> {
  await page.evaluate(
    (message) => (window as unknown as { __dailyStandIn: { meetingEnded(text: string): void } }).__dailyStandIn.meetingEnded(message),
    errorMsg,
  );
}
