import type { Transaction } from 'kysely';
import { type StoreContext, type SubmissionOrigin, cleanText, isoTimestamp, normalizeEmail } from '../core/database/context';
import { StoreUnavailableError, isLimitError, isUniqueViolation } from '../core/database/errors';
import { type OutboxPolicy, enqueue } from '../core/database/outbox';
import { countStat, serverEvent } from '../core/database/counting';
import { fillOnce } from '../core/database/fill-once';
import type { ConsentMethod, Database } from '../core/database/tables';

/**
 * Newsletter subscriptions and their proof of consent (CASL): single opt-in sign-ups, withdrawals,
 * the consent log and the list the firm exports. The double opt-in's pending sign-ups are in
 * ./newsletter-confirmations.ts.
 */
export interface NewsletterRepository {
  /**
   * Single opt-in (no SMTP): subscribes an address with its proof of consent, given by the form.
   * An address that had unsubscribed is subscribed again with the new consent ('resubscribed');
   * one still subscribed is 'duplicate'.
   */
  insertNewsletter(subscription: NewSubscription): Promise<'created' | 'resubscribed' | 'duplicate'>;
  /** Withdraws consent; idempotent ('already' when it was withdrawn before). */
  unsubscribe(id: number): Promise<'unsubscribed' | 'already' | 'unknown'>;
  findSubscription(id: number): Promise<SubscriptionState | undefined>;
  /** Consent and withdrawal events of one subscription, oldest first. */
  consentLog(id: number): Promise<ConsentEvent[]>;
  listNewsletter(): Promise<NewsletterRecord[]>;
}

export type NewSubscription = SubmissionOrigin & {
  email: string;
  /** What the visitor agreed to: which form, which version of the consent wording. */
  consent?: { form: string; version: string };
};

export type SubscriptionState = { id: number; email: string; locale: string | null; unsubscribed: boolean };

export type ConsentEvent = {
  action: 'subscribed' | 'unsubscribed';
  /** For 'subscribed': 'form' (single opt-in) or 'email_link' (confirmed by the e-mailed link). */
  method: ConsentMethod | null;
  at: string;
  form: string | null;
  locale: string | null;
  page: string | null;
  consent_version: string | null;
};

export type NewsletterRecord = {
  id: number;
  created_at: string;
  email: string;
  locale: string | null;
  page: string | null;
  consent_at: string | null;
  consent_form: string | null;
  consent_locale: string | null;
  consent_version: string | null;
  consent_method: ConsentMethod | null;
  /** NULL while subscribed. */
  unsubscribed_at: string | null;
};

/** Every column of NewsletterRecord, in the export's order (new ones at the end); the compiler asks for a new one here. */
const RECORD_COLUMNS = {
  id: true,
  created_at: true,
  email: true,
  locale: true,
  page: true,
  consent_at: true,
  consent_form: true,
  consent_locale: true,
  consent_version: true,
  consent_method: true,
  unsubscribed_at: true,
} satisfies Record<keyof NewsletterRecord, true>;
export const NEWSLETTER_RECORD_COLUMNS = Object.keys(RECORD_COLUMNS) as (keyof NewsletterRecord)[];

/** What a subscriber agreed to, and how: the proof of consent kept with the subscription and in its log. */
export type Consent = { email: string; locale: string | null; page: string | null; form: string | null; version: string | null; method: ConsentMethod };

function consentOf(subscription: NewSubscription, method: ConsentMethod): Consent {
  return {
    email: cleanText(subscription.email),
    locale: subscription.locale ?? null,
    page: subscription.page ?? null,
    form: subscription.consent?.form ?? null,
    version: subscription.consent?.version ?? null,
    method,
  };
}

export function newsletterRepository({ db, policy, write, submit, statsDay }: StoreContext): NewsletterRepository {
  return {
    async insertNewsletter(subscription) {
      try {
        let result: 'created' | 'resubscribed' = 'created';
        await submit(async (trx) => {
          result = await subscribe(trx, policy, consentOf(subscription, 'form'), 'unless-subscribed', subscription.network);
          // Single opt-in: the sign-up asked is the sign-up confirmed.
          for (const event of ['newsletter_asked', 'newsletter_confirmed'] as const)
            await countStat(trx, serverEvent(statsDay(), event, subscription.locale ?? null));
        }, subscription.network);
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        if (isLimitError(error)) throw error;
        throw new StoreUnavailableError(error);
      }
    },

    async unsubscribe(id) {
      let result: 'unsubscribed' | 'already' | 'unknown' = 'unknown';
      await write(async (trx) => {
        const now = new Date().toISOString();
        const changed = await fillOnce(trx, 'newsletter_subscriptions', ['id', id], { unsubscribed_at: now }, ['id', 'consent_locale']);
        if (typeof changed === 'string') {
          result = changed === 'missing' ? 'unknown' : changed;
          return;
        }
        result = 'unsubscribed';
        await trx
          .insertInto('newsletter_consent_log')
          .values({
            subscription_id: id,
            action: 'unsubscribed',
            method: null,
            at: now,
            form: null,
            locale: changed.consent_locale,
            page: null,
            consent_version: null,
          })
          .execute();
      });
      return result;
    },

    async findSubscription(id) {
      const row = await db
        .selectFrom('newsletter_subscriptions')
        .select(['id', 'email', 'locale', 'consent_locale', 'unsubscribed_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { id: row.id, email: row.email, locale: row.consent_locale ?? row.locale, unsubscribed: row.unsubscribed_at !== null };
    },

    async consentLog(id) {
      const rows = await db
        .selectFrom('newsletter_consent_log')
        .select(['action', 'method', 'at', 'form', 'locale', 'page', 'consent_version'])
        .where('subscription_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, at: isoTimestamp(row.at) }));
    },

    async listNewsletter() {
      const rows = await db.selectFrom('newsletter_subscriptions').select(NEWSLETTER_RECORD_COLUMNS).orderBy('id').execute();
      return rows.map((row) => ({
        ...row,
        created_at: isoTimestamp(row.created_at),
        consent_at: row.consent_at === null ? null : isoTimestamp(row.consent_at),
        unsubscribed_at: row.unsubscribed_at === null ? null : isoTimestamp(row.unsubscribed_at),
      }));
    },
  };
}

/**
 * Makes the address a subscriber with this consent, logs the consent and queues the firm's
 * notification. 'unless-subscribed' (a sign-up): only a new address or one that withdrew; the
 * UNIQUE email_normalized makes a concurrent or repeated sign-up fail as a duplicate, and the
 * WHERE makes the check and the change of a withdrawn row one atomic step. 'always' (a
 * confirmed link): the row gets the new consent whatever its state. `network`: where the request
 * came from, for the notification's turn (never stored with the subscription).
 */
export async function subscribe(
  trx: Transaction<Database>,
  policy: OutboxPolicy,
  consent: Consent,
  mode: 'unless-subscribed' | 'always',
  network?: string,
): Promise<'created' | 'resubscribed'> {
  const now = new Date().toISOString();
  const key = normalizeEmail(consent.email);
  const proof = {
    consent_at: now,
    consent_form: consent.form,
    consent_locale: consent.locale,
    consent_version: consent.version,
    consent_method: consent.method,
  };
  const again = await trx
    .updateTable('newsletter_subscriptions')
    .set({ ...proof, email: consent.email, unsubscribed_at: null })
    .where('email_normalized', '=', key)
    .$if(mode === 'unless-subscribed', (query) => query.where('unsubscribed_at', 'is not', null))
    .returning('id')
    .executeTakeFirst();
  const id =
    again?.id ??
    (
      await trx
        .insertInto('newsletter_subscriptions')
        .values({ email: consent.email, email_normalized: key, locale: consent.locale, page: consent.page, created_at: now, ...proof })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await trx
    .insertInto('newsletter_consent_log')
    .values({
      subscription_id: id,
      action: 'subscribed',
      method: consent.method,
      at: now,
      form: consent.form,
      locale: consent.locale,
      page: consent.page,
      consent_version: consent.version,
    })
    .execute();
  await enqueue(
    trx,
    policy,
    { type: 'newsletter.subscribed', createdAt: now, data: { subscriptionId: id, email: consent.email, locale: consent.locale, page: consent.page } },
    network,
  );
  return again ? 'resubscribed' : 'created';
}
