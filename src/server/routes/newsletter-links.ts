import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/site-schema';
import { NotConfiguredError } from '../http-errors';
import { CONFIRM_COPY, type LinkLocale, type LinkPageCopy, UNSUBSCRIBE_COPY, asLinkLocale } from '../newsletter/link-copy';
import { LINK_PAGE_CSP, type LinkPageState, renderLinkPage } from '../newsletter/link-page';
import { LINK_PATHS, type LinkPurpose, parseLinkQuery, verifyLinkToken } from '../newsletter/signed-link';
import { type Store, StoreUnavailableError } from '../store';

const STATUS: Record<LinkPageState, number> = { confirm: 200, done: 200, already: 200, gone: 200, invalid: 400, unavailable: 503 };

/** What one kind of link acts on, and how. */
type LinkFlow = {
  purpose: LinkPurpose;
  copy: Record<LinkLocale, LinkPageCopy>;
  /** The record the link names; `done` when what the link does is already done. */
  find(store: Store, id: number): Promise<{ email: string; locale: string | null; done: boolean } | undefined>;
  act(store: Store, id: number): Promise<'done' | 'already' | 'unknown'>;
};

/**
 * The newsletter's signed links (newsletter/signed-link.ts), both the same way:
 * GET  /newsletter/<purpose>?s=<id>&t=<signature>  shows what the link will do and a button (a GET
 *      changes nothing, so mail scanners that open links neither unsubscribe nor subscribe anyone);
 * POST the same URL does it, idempotently.
 * - unsubscribe: withdraws consent. Also takes RFC 8058 one-click requests
 *   (`List-Unsubscribe=One-Click`, form-encoded) sent by mail clients from the message header.
 * - confirm: a pending sign-up (double opt-in) becomes a subscription, with its proof.
 * A missing, malformed, forged or altered link gets a 400 page and changes nothing.
 */
export async function newsletterLinkRoutes(app: FastifyInstance, options: { site: SiteConfig }) {
  const { site } = options;
  // The pages' forms and one-click requests post form-encoded bodies; their content is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  const flows: LinkFlow[] = [
    {
      purpose: 'unsubscribe',
      copy: UNSUBSCRIBE_COPY,
      async find(store, id) {
        const subscription = await store.findSubscription(id);
        return subscription && { email: subscription.email, locale: subscription.locale, done: subscription.unsubscribed };
      },
      async act(store, id) {
        const result = await store.unsubscribe(id);
        return result === 'unsubscribed' ? 'done' : result;
      },
    },
    {
      purpose: 'confirm',
      copy: CONFIRM_COPY,
      async find(store, id) {
        const pending = await store.findConfirmation(id);
        return pending && { email: pending.email, locale: pending.locale, done: pending.confirmed };
      },
      async act(store, id) {
        const result = await store.confirmNewsletter(id);
        // The firm's notification of the new subscriber, if it asked for them.
        if (result === 'confirmed') app.deliveries.nudge();
        return result === 'confirmed' ? 'done' : result;
      },
    },
  ];

  for (const flow of flows) {
    const send = (reply: FastifyReply, state: LinkPageState, locale: LinkLocale | undefined, email?: string) =>
      reply
        .code(STATUS[state])
        .header('content-security-policy', LINK_PAGE_CSP)
        // The link's signature is in the URL: never leak it to another site, never cache the answer.
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderLinkPage({ copy: flow.copy, state, locale, brand: site.brand, email, firmEmail: site.email }));

    /** Runs `work` on the record the link names, or answers the error page itself. */
    type Found = { store: Store; id: number; email: string; locale: LinkLocale; done: boolean };
    async function withLink(request: FastifyRequest, reply: FastifyReply, work: (found: Found) => Promise<unknown>) {
      try {
        const link = parseLinkQuery(request.query);
        const store = app.storage.get();
        if (!link || !verifyLinkToken(await store.linkSecret(), flow.purpose, link.id, link.token)) {
          request.logFields = { ...request.logFields, [flow.purpose]: 'invalid-link' };
          return await send(reply, 'invalid', undefined);
        }
        const found = await flow.find(store, link.id);
        // A valid signature for a record that no longer exists (deleted on request, or expired).
        if (!found) return await send(reply, 'gone', undefined);
        return await work({ store, id: link.id, email: found.email, locale: asLinkLocale(found.locale) ?? 'en', done: found.done });
      } catch (error) {
        // Storage down or not configured: a page that says so, in both languages, not a JSON error.
        if (!(error instanceof NotConfiguredError || error instanceof StoreUnavailableError)) throw error;
        request.log.error({ err: error }, `newsletter ${flow.purpose} page: storage unavailable`);
        return send(reply, 'unavailable', undefined);
      }
    }

    app.get(LINK_PATHS[flow.purpose], (request, reply) =>
      withLink(request, reply, async (found) => send(reply, found.done ? 'already' : 'confirm', found.locale, found.email)),
    );

    app.post(LINK_PATHS[flow.purpose], (request, reply) =>
      withLink(request, reply, async (found) => {
        const result = await flow.act(found.store, found.id);
        request.logFields = { ...request.logFields, [flow.purpose]: result };
        return send(reply, result === 'unknown' ? 'gone' : result, found.locale, found.email);
      }),
    );
  }
}
