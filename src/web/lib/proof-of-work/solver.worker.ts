/// <reference lib="webworker" />
import type { Challenge } from 'altcha-lib';
import { solveToPayload } from './solve';

/**
 * The proof of work's own thread, so the page keeps answering the visitor while it works: one
 * message `{ id, challenge }` in, one `{ id, payload }` or `{ id, error }` out. A file of the
 * build, loaded from this site (CSP `script-src 'self'` covers it).
 */
self.addEventListener('message', async (event: MessageEvent<{ id: number; challenge: Challenge }>) => {
  const { id, challenge } = event.data;
  let answer: { id: number; payload?: string; error?: string };
  try {
    answer = { id, payload: await solveToPayload(challenge) };
  } catch (error) {
    answer = { id, error: String(error) };
  }
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's postMessage has no target origin
  self.postMessage(answer);
});
