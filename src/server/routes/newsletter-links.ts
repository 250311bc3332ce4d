import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/site-schema';
import { NotConfiguredError } from '../http-errors';
import { UNSUBSCRIBE_PATH, parseUnsubscribeQuery, verifyUnsubscribeToken } from '../newsletter/unsubscribe-link';
import type { UnsubscribeLocale } from '../newsletter/unsubscribe-copy';
import { UNSUBSCRIBE_PAGE_CSP, type UnsubscribePageState, renderUnsubscribePage } from '../newsletter/unsubscribe-page';
import { StoreUnavailableError } from '../store';

const STATUS: Record<UnsubscribePageState, number> = { confirm: 200, done: 200, already: 200, gone: 200, invalid: 400, unavailable: 503 };

const asLocale = (value: string | null | undefined): UnsubscribeLocale | undefined =>
  value === 'fr' || value === 'en' ? value : undefined;

/**
 * GET  /newsletter/unsubscribe?s=<id>&t=<signature>  asks to confirm (a GET changes nothing, so
 *      mail scanners that open links cannot unsubscribe anyone);
 * POST the same URL unsubscribes, idempotently. It also accepts RFC 8058 one-click requests
 *      (`List-Unsubscribe=One-Click`, form-encoded) sent by mail clients from the message header.
 * A missing, malformed, forged or altered link gets a 400 page and changes nothing.
 */
export async function unsubscribeRoutes(app: FastifyInstance, options: { site: SiteConfig }) {
  const { site } = options;
  // The confirmation form and one-click requests post form-encoded bodies; their content is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  function send(reply: FastifyReply, state: UnsubscribePageState, locale: UnsubscribeLocale | undefined, email?: string) {
    return reply
      .code(STATUS[state])
      .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
      // The link's signature is in the URL: never leak it to another site, never cache the answer.
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderUnsubscribePage({ state, locale, brand: site.brand, email, firmEmail: site.email }));
  }

  /** Resolves the link to its subscription, or answers the error page itself (returns undefined). */
  async function subscriptionOf(request: FastifyRequest, reply: FastifyReply) {
    const link = parseUnsubscribeQuery(request.query);
    const store = app.storage.get();
    if (!link || !verifyUnsubscribeToken(await store.unsubscribeSecret(), link.id, link.token)) {
      request.logFields = { ...request.logFields, unsubscribe: 'invalid-link' };
      await send(reply, 'invalid', undefined);
      return undefined;
    }
    const subscription = await store.findSubscription(link.id);
    if (!subscription) {
      // A valid signature for a row that no longer exists (deleted on request): nothing to do.
      await send(reply, 'gone', undefined);
      return undefined;
    }
    return { store, subscription, locale: asLocale(subscription.locale) ?? 'en' };
  }

  /** Storage down or not configured: a page that says so, in both languages, not a JSON error. */
  async function withStorage(request: FastifyRequest, reply: FastifyReply, work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof NotConfiguredError || error instanceof StoreUnavailableError)) throw error;
      request.log.error({ err: error }, 'unsubscribe page: storage unavailable');
      await send(reply, 'unavailable', undefined);
    }
  }

  app.get(UNSUBSCRIBE_PATH, (request, reply) =>
    withStorage(request, reply, async () => {
      const found = await subscriptionOf(request, reply);
      if (!found) return;
      const { subscription, locale } = found;
      await send(reply, subscription.unsubscribed ? 'already' : 'confirm', locale, subscription.email);
    }),
  );

  app.post(UNSUBSCRIBE_PATH, (request, reply) =>
    withStorage(request, reply, async () => {
      const found = await subscriptionOf(request, reply);
      if (!found) return;
      const { store, subscription, locale } = found;
      const result = await store.unsubscribe(subscription.id);
      request.logFields = { ...request.logFields, unsubscribe: result };
      await send(reply, result === 'unsubscribed' ? 'done' : 'already', locale, subscription.email);
    }),
  );
}
