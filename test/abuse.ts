import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Store } from '../src/server/store';

/**
 * What the abuse tests (src/server/properties/abuse-*.test.ts) share. They post as an attacker would: without a proof,
 * with a wrong, expired or replayed one, from many addresses; a sustained flood of valid posts, each
 * address within its limits; a network that sends more than its share. The firm's real visitor gets
 * through every time: what a flood can cost the firm is bounded by limits shared out per network
 * and by the disk's reserve, never by one count that anyone could spend for everyone. (The long
 * floods: lead-flood.test.ts.)
 */

/** A contact request of its own for each `i`. */
export const contact = (i: number | string) => ({ name: `Visitor ${i}`, phone: '514 555 0100', email: `v${i}@example.com`, message: `Hello ${i}` });

/** A POST to `url` (the contact form's unless told) from `remoteAddress`. */
export const post = (
  app: FastifyInstance,
  payload: Record<string, unknown>,
  remoteAddress = '198.51.100.1',
  url = '/api/contact',
): Promise<LightMyRequestResponse> => app.inject({ method: 'POST', url, payload, remoteAddress });

/** How many contact requests and newsletter sign-ups the store holds. */
export const stored = async (store: Store): Promise<number> => (await store.listContacts()).length + (await store.listNewsletter()).length;
