import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/site-schema';
import type { RateLimit } from '../core/config';
import { NotConfiguredError, RateLimitedError } from '../core/http-errors';
import { replyWithError } from '../core/plugins/errors';
import { routeRateLimit } from '../core/plugins/rate-limit';
import { networkOf } from '../core/network';
import { CONFIRM_COPY, type LinkPageCopy, UNSUBSCRIBE_COPY } from './link-copy';
import { type Locale, asLocale } from '../../contracts/locales';
import { linkPageSchema } from '../../contracts/responses';
import { LINK_PAGE_CSP, renderLinkPage } from './link-page';
import type { LinkPageState } from './link-page-html';
import { LINK_PATHS, type LinkPurpose, parseLinkQuery, verifyLinkToken } from './signed-link';
import { StoreUnavailableError } from '../core/database/errors';
import type { StoreAccess } from '../core/plugins/storage';
import { PENDING_SUBSCRIPTION_DAYS } from './confirmations';
import type { NewsletterStore } from './store';
import { DAY_MS } from '../core/time';

const STATUS: Record<LinkPageState, number> = { confirm: 200, done: 200, already: 200, gone: 200, invalid: 400, unavailable: 503, rateLimited: 429 };

/** A confirmation link works this long after the e-mail that carried it was queued, whenever the purge runs. */
const CONFIRM_LINK_LIFETIME_MS = PENDING_SUBSCRIPTION_DAYS * DAY_MS;

type Link = { id: number; token: string; nonce: string | undefined };

/** What one kind of link acts on, and how. */
type LinkFlow = {
  purpose: LinkPurpose;
  copy: Record<Locale, LinkPageCopy>;
  /**
   * The record the link names; `done` when what the link does is already done; `stale` when the
   * link no longer acts on it (a confirmation link past its time, or not the latest one sent).
   */
  find(store: NewsletterStore, link: Link): Promise<{ email: string; locale: string | null; done: boolean; stale?: boolean } | undefined>;
  /** `network`: where the request came from (networkOf), for the firm's notification's turn. */
  act(store: NewsletterStore, id: number, network: string): Promise<'done' | 'already' | 'unknown'>;
};

/**
 * The newsletter's signed links (newsletter/signed-link.ts), both the same way:
 * GET  /newsletter/<purpose>?s=<id>&t=<signature>  shows what the link will do and a button (a GET
 *      changes nothing, so mail scanners that open links neither unsubscribe nor subscribe anyone);
 * POST the same URL does it, idempotently.
 * - unsubscribe: withdraws consent. Also takes RFC 8058 one-click requests
 *   (`List-Unsubscribe=One-Click`, form-encoded) sent by mail clients from the message header.
 * - confirm: a pending sign-up (double opt-in) becomes a subscription, with its proof. Its link
 *   also carries `&n=<nonce>` of the e-mail that sent it: only the latest one works, once, for
 *   7 days from that e-mail; an older one gets the "expired" page and changes nothing.
 * A missing, malformed, forged or altered link gets a 400 page and changes nothing.
 */
export async function newsletterLinkRoutes(app: FastifyInstance, options: { store: StoreAccess<NewsletterStore>; site: SiteConfig; rateLimit: RateLimit }) {
  const { site } = options;
  // Each address may open only so many link pages (RATE_LIMIT_LINKS): ids and signatures cannot
  // be guessed, but nobody needs more. Past it, the page in both languages says so (429, Retry-After).
  const rateLimit = routeRateLimit(options.rateLimit);
  // Every answer is a page (HTML, sent as it is), whatever the status.
  const schema = { response: { '2xx': linkPageSchema, '4xx': linkPageSchema, '5xx': linkPageSchema } };
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof RateLimitedError)) return replyWithError(error, request, reply);
    const flow = flows.find((candidate) => request.url.startsWith(LINK_PATHS[candidate.purpose]));
    request.logFields = { ...request.logFields, apiError: 'rate_limited' };
    return pageOf(flow ?? flows[0]!)(reply, 'rateLimited', undefined);
  });
  // The pages' forms and one-click requests post form-encoded bodies; their content is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  const flows: LinkFlow[] = [
    {
      purpose: 'unsubscribe',
      copy: UNSUBSCRIBE_COPY,
      async find(store, { id }) {
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
      async find(store, link) {
        const pending = await store.findConfirmation(link.id);
        if (!pending) return undefined;
        // Only the latest e-mail's link (its nonce; none for requests made before 0008), for its 7 days.
        const latest = (pending.linkNonce ?? undefined) === link.nonce;
        const expired = pending.emailQueuedAt === null || Date.parse(pending.emailQueuedAt) + CONFIRM_LINK_LIFETIME_MS <= Date.now();
        return { email: pending.email, locale: pending.locale, done: pending.confirmed, stale: !latest || (!pending.confirmed && expired) };
      },
      async act(store, id, network) {
        const result = await store.confirmNewsletter(id, network);
        // The firm's notification of the new subscriber, if it asked for them.
        if (result === 'confirmed') app.outbox.nudge();
        return result === 'confirmed' ? 'done' : result;
      },
    },
  ];

  const pageOf = (flow: LinkFlow) => async (reply: FastifyReply, state: LinkPageState, locale: Locale | undefined, email?: string) => {
    const page = await renderLinkPage({ copy: flow.copy, state, locale, brand: site.brand, email, firmEmail: site.email });
    return (
      reply
        .code(STATUS[state])
        .header('content-security-policy', LINK_PAGE_CSP)
        // The link's signature is in the URL: never leak it to another site, never cache the answer.
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page)
    );
  };

  for (const flow of flows) {
    const send = pageOf(flow);

    /** Runs `work` on the record the link names, or answers the error page itself. */
    type Found = { store: NewsletterStore; id: number; email: string; locale: Locale; done: boolean };
    async function withLink(request: FastifyRequest, reply: FastifyReply, work: (found: Found) => Promise<unknown>) {
      try {
        const link = parseLinkQuery(request.query);
        const store = options.store.get();
        if (!link || !verifyLinkToken(await store.linkSecret(), flow.purpose, link.id, link.token, link.nonce)) {
          request.logFields = { ...request.logFields, [flow.purpose]: 'invalid-link' };
          return await send(reply, 'invalid', undefined);
        }
        const found = await flow.find(store, link);
        // A valid signature for a record that no longer exists (deleted on request, or expired),
        // or a confirmation link that is too old or was followed by a newer one.
        if (!found || found.stale) {
          request.logFields = { ...request.logFields, [flow.purpose]: found ? 'stale-link' : 'gone' };
          return await send(reply, 'gone', undefined);
        }
        return await work({ store, id: link.id, email: found.email, locale: asLocale(found.locale) ?? 'en', done: found.done });
      } catch (error) {
        // Storage down or not configured: a page that says so, in both languages, not a JSON error.
        if (!(error instanceof NotConfiguredError || error instanceof StoreUnavailableError)) throw error;
        request.log.error({ err: error }, `newsletter ${flow.purpose} page: storage unavailable`);
        return send(reply, 'unavailable', undefined);
      }
    }

    app.get(LINK_PATHS[flow.purpose], { schema, config: { rateLimit } }, (request, reply) =>
      withLink(request, reply, async (found) => send(reply, found.done ? 'already' : 'confirm', found.locale, found.email)),
    );

    app.post(LINK_PATHS[flow.purpose], { schema, config: { rateLimit } }, (request, reply) =>
      withLink(request, reply, async (found) => {
        const result = await flow.act(found.store, found.id, networkOf(request.ip));
        request.logFields = { ...request.logFields, [flow.purpose]: result };
        return send(reply, result === 'unknown' ? 'gone' : result, found.locale, found.email);
      }),
    );
  }
}
