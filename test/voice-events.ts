import { randomUUID } from 'node:crypto';
import type { ContactRecord } from '../src/server/store';
import { notifiedApp } from './notified-app';
import type { EngineName } from './storage';

export { NBSP, WAIT } from './notified-app';

/**
 * The server as Vapi meets it in src/server/voice/events-*.test.ts: POST /api/voice/events through
 * `inject`, notifying the firm for real (./notified-app.ts). Call inside a describe.
 */

export const VAPI_SECRET = 'vapi-server-secret-for-tests-0123456789abcdef';
export const AUTH = { authorization: `Bearer ${VAPI_SECRET}` };
export const newCall = () => `call-${randomUUID()}`;

export function voiceEventsHarness(engine: EngineName) {
  const harness = notifiedApp(engine, { VAPI_SERVER_SECRET: VAPI_SECRET });
  return Object.assign(harness, {
    send: (payload: unknown, headers: Record<string, string> = AUTH, remoteAddress = '52.4.176.10') =>
      harness.app.inject({ method: 'POST', url: '/api/voice/events', payload: payload as object, headers, remoteAddress }),
    leadsOf: async (callId: string): Promise<ContactRecord[]> => (await harness.inspect.listContacts()).filter((row) => row.call_id === callId),
  });
}
