import { createHmac, randomBytes } from 'node:crypto';
import { DAY_MS, MINUTE_MS } from '../core/time';
import { type StoreContext, cleanText, isoTimestamp, mailboxOf, normalizeEmail } from '../core/database/context';
import { isUniqueViolation } from '../core/database/errors';
import { COUNTER_KEYS } from '../core/database/counter-keys';
import { hitCounter } from '../core/database/limits';
import { type NewSubscription, subscribe } from './repository';
import { enqueue } from '../core/database/outbox';
import { secretOf } from '../core/database/settings';
import { countStat, serverEvent } from '../core/database/counting';
import { fillOnce } from '../core/database/fill-once';
import { PENDING_SUBSCRIPTION_DAYS } from '../../contracts/newsletter';

export { PENDING_SUBSCRIPTION_DAYS };

/**
 * The double opt-in (SMTP configured): a sign-up waits in newsletter_confirmations until the
 * address follows the link it was e-mailed; then it becomes a subscription (./newsletter.ts).
 */
export interface NewsletterConfirmationsRepository {
  /**
   * Records a pending sign-up and, in the same transaction, queues the e-mail that asks the address
   * to confirm ('confirmation_queued'), its link new and signed with a fresh nonce. At most one
   * such e-mail per address every CONFIRMATION_RESEND_MS ('confirmation_recent'), and
   * CONFIRMATION_EMAILS.max per CONFIRMATION_EMAILS.windowMs per mailbox (mailboxOf: a `+tag` or
   * Gmail's dots make no new one) ('confirmation_limited'): the request
   * is updated, no e-mail goes out. 'duplicate' only for an address that is subscribed; nothing is
   * written then.
   */
  requestNewsletter(subscription: NewSubscription): Promise<'confirmation_queued' | 'confirmation_recent' | 'confirmation_limited' | 'duplicate'>;
  findConfirmation(id: number): Promise<ConfirmationState | undefined>;
  /**
   * The link was followed: the pending sign-up becomes a subscription (or restores a withdrawn
   * one), with its proof of consent: when, which form, language and wording, confirmed by link.
   * Idempotent ('already'); 'unknown' once the pending sign-up was deleted. `network`: where the
   * confirming request came from, for the firm's notification's turn.
   */
  confirmNewsletter(id: number, network?: string): Promise<'confirmed' | 'already' | 'unknown'>;
  /**
   * Deletes the pending sign-ups requested more than PENDING_SUBSCRIPTION_DAYS (7) days before
   * `now` (confirmed ones have become subscriptions; unconfirmed ones never gave consent), with
   * their confirmation e-mail jobs. Returns how many were never confirmed. Run daily.
   */
  purgePendingSubscriptions(now?: Date): Promise<number>;
}

export type ConfirmationState = {
  id: number;
  email: string;
  locale: string | null;
  confirmed: boolean;
  /** The nonce signed into the latest confirmation link (null: a request made before 0008, whose link has none). */
  linkNonce: string | null;
  /** When the latest confirmation e-mail was queued: its link works for PENDING_SUBSCRIPTION_DAYS from then. */
  emailQueuedAt: string | null;
};

/** One confirmation e-mail per address at most this often, however often it is signed up. */
export const CONFIRMATION_RESEND_MS = 10 * MINUTE_MS;
/** And at most this many per address in this window, so the form cannot be used to mail a stranger again and again. */
export const CONFIRMATION_EMAILS = { max: 3, windowMs: 30 * DAY_MS } as const;

/** A random nonce for a confirmation link. */
const newLinkNonce = () => randomBytes(16).toString('base64url');

export function newsletterConfirmationsRepository({ db, policy, write, submit, statsDay }: StoreContext): NewsletterConfirmationsRepository {
  return {
    async requestNewsletter(subscription) {
      const key = normalizeEmail(subscription.email);
      const subscribed = await db
        .selectFrom('newsletter_subscriptions')
        .select('id')
        .where('email_normalized', '=', key)
        .where('unsubscribed_at', 'is', null)
        .executeTakeFirst();
      if (subscribed) return 'duplicate';
      let result: 'confirmation_queued' | 'confirmation_recent' | 'confirmation_limited' = 'confirmation_queued';
      try {
        await submit(async (trx) => {
          const now = new Date().toISOString();
          const request = {
            email: cleanText(subscription.email),
            locale: subscription.locale ?? null,
            page: subscription.page ?? null,
            form: subscription.consent?.form ?? null,
            consent_version: subscription.consent?.version ?? null,
            requested_at: now,
            confirmed_at: null,
          };
          await countStat(trx, serverEvent(statsDay(), 'newsletter_asked', request.locale));
          const pending = await trx
            .selectFrom('newsletter_confirmations')
            .select(['id', 'email_queued_at', 'confirmed_at'])
            .where('email_normalized', '=', key)
            .executeTakeFirst();
          // Still waiting, and an e-mail went out minutes ago: no second one (nobody can flood an inbox).
          const recent =
            pending?.confirmed_at === null &&
            pending.email_queued_at !== null &&
            Date.now() - new Date(pending.email_queued_at).getTime() < CONFIRMATION_RESEND_MS;
          // A few e-mails per mailbox per month at most, however the address is spelt (`+tag`,
          // Gmail's dots), counted under a keyed hash of the mailbox (the counter outlives the
          // pending request, which is deleted after 7 days, and names no address).
          const mailbox = createHmac('sha256', await secretOf(trx, 'unsubscribe_secret'))
            .update(mailboxOf(key).mailbox)
            .digest('base64url');
          const limited = !recent && (await hitCounter(trx, COUNTER_KEYS.confirmMail(mailbox), CONFIRMATION_EMAILS.windowMs)).count > CONFIRMATION_EMAILS.max;
          // No e-mail: a recent one's link stays valid; past the limit, any older link stops working
          // (a withdrawn address re-requested by someone else must not be confirmed by its old link).
          const mail = recent ? {} : limited ? { link_nonce: newLinkNonce() } : { email_queued_at: now, link_nonce: newLinkNonce() };
          const id = pending
            ? (await trx
                .updateTable('newsletter_confirmations')
                .set({ ...request, ...mail })
                .where('id', '=', pending.id)
                .execute(),
              pending.id)
            : (
                await trx
                  .insertInto('newsletter_confirmations')
                  .values({ ...request, email_normalized: key, ...mail })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id;
          if (recent || limited) {
            result = recent ? 'confirmation_recent' : 'confirmation_limited';
            return;
          }
          await enqueue(
            trx,
            policy,
            {
              type: 'newsletter.confirmation',
              createdAt: now,
              data: { confirmationId: id, email: request.email, locale: request.locale, linkNonce: 'link_nonce' in mail ? mail.link_nonce : null },
            },
            subscription.network,
          );
        }, subscription.network);
      } catch (error) {
        // The same address signed up twice at once: the other request queued the e-mail.
        if (isUniqueViolation(error)) return 'confirmation_recent';
        throw error;
      }
      return result;
    },

    async findConfirmation(id) {
      const row = await db
        .selectFrom('newsletter_confirmations')
        .select(['id', 'email', 'locale', 'confirmed_at', 'link_nonce', 'email_queued_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          email: row.email,
          locale: row.locale,
          confirmed: row.confirmed_at !== null,
          linkNonce: row.link_nonce,
          emailQueuedAt: row.email_queued_at === null ? null : isoTimestamp(row.email_queued_at),
        }
      );
    },

    async confirmNewsletter(id, network) {
      let result: 'confirmed' | 'already' | 'unknown' = 'unknown';
      await write(async (trx) => {
        // Two clicks confirm once.
        const now = new Date().toISOString();
        const pending = await fillOnce(trx, 'newsletter_confirmations', ['id', id], { confirmed_at: now }, [
          'email',
          'locale',
          'page',
          'form',
          'consent_version',
        ]);
        if (typeof pending === 'string') {
          result = pending === 'missing' ? 'unknown' : pending;
          return;
        }
        const { email, locale, page, form, consent_version: version } = pending;
        await subscribe(trx, policy, { email, locale, page, form, version, method: 'email_link' }, 'always', network);
        await countStat(trx, serverEvent(statsDay(), 'newsletter_confirmed', locale));
        result = 'confirmed';
      });
      return result;
    },

    async purgePendingSubscriptions(now = new Date()) {
      const before = new Date(now.getTime() - PENDING_SUBSCRIPTION_DAYS * DAY_MS).toISOString();
      let unconfirmed = 0;
      await write(async (trx) => {
        const deleted = await trx
          .deleteFrom('newsletter_confirmations')
          .where('requested_at', '<', before)
          .where('confirmed_at', 'is', null)
          .executeTakeFirst();
        unconfirmed = Number(deleted.numDeletedRows);
        await trx.deleteFrom('newsletter_confirmations').where('requested_at', '<', before).execute();
        // A confirmation e-mail that could not be sent keeps the address in its job: it goes too.
        await trx.deleteFrom('delivery_jobs').where('event_type', '=', 'newsletter.confirmation').where('created_at', '<', before).execute();
      });
      return unconfirmed;
    },
  };
}
