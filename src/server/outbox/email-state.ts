import type { Kysely } from 'kysely';
import { HOUR_MS } from '../core/time';
import type { Engine } from '../core/database/engine';
import { enqueueServerEvent } from '../core/database/outbox';
import type { Database } from '../core/database/tables';

/**
 * Whether e-mail to the firm is failing, and since when, shared by every instance: one row of
 * `settings`, written by the delivery worker after each attempt of a firm's e-mail that failed
 * (and cleared by the next one that went through), read by `/api/health` and `npm run
 * deliveries`. The first failure of each hour is announced: the worker that records it logs it
 * as an error and, when the firm has a webhook, a `notifications.email_failing` job is queued in
 * the same transaction, so that with any number of instances the firm hears of it at most once an
 * hour. The hour runs from the last announcement, across a recovery: a relay that flaps does not
 * flood the webhook.
 */

export type EmailFailing = {
  /** The first failure since e-mail last went through. */
  since: string;
  lastFailureAt: string;
  /** The relay's last answer (or why there was none), e-mail addresses masked. */
  reason: string;
};

export interface EmailState {
  /**
   * An e-mail to the firm just failed (`reason`: addresses masked). `announced`: the first of its
   * hour, on every instance; a `notifications.email_failing` webhook job was queued with it when
   * `webhook` is true.
   */
  emailFailed(failure: { reason: string; webhook: boolean }): Promise<{ since: string; announced: boolean }>;
  /** An e-mail to the firm went through: e-mail works. Since when it had failed, if it had. */
  emailDelivered(): Promise<{ failedSince: string } | undefined>;
  /** Since when e-mail to the firm is failing, and why; undefined while it works. */
  emailFailing(): Promise<EmailFailing | undefined>;
}

/** Its row in `settings`. */
export const EMAIL_FAILING_SETTING = 'email_failing';
type Stored = { failing: EmailFailing | null; announcedAt: string | null };
const NOTHING: Stored = { failing: null, announcedAt: null };

function parse(value: string | undefined): Stored {
  if (!value) return NOTHING;
  try {
    return { ...NOTHING, ...(JSON.parse(value) as Partial<Stored>) };
  } catch {
    return NOTHING;
  }
}

export function emailState(db: Kysely<Database>, engine: Engine): EmailState {
  const read = async () => (await db.selectFrom('settings').select('value').where('name', '=', EMAIL_FAILING_SETTING).executeTakeFirst())?.value;
  return {
    emailFailed: ({ reason, webhook }) =>
      db.transaction().execute(async (trx) => {
        const now = new Date();
        const nowIso = now.toISOString();
        // The row exists before it is locked (FOR UPDATE cannot lock a row that is not there yet).
        await trx
          .insertInto('settings')
          .values({ name: EMAIL_FAILING_SETTING, value: JSON.stringify(NOTHING) })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .execute();
        const row = await trx
          .selectFrom('settings')
          .select('value')
          .where('name', '=', EMAIL_FAILING_SETTING)
          .$if(engine === 'postgres', (query) => query.forUpdate())
          .executeTakeFirstOrThrow();
        const state = parse(row.value);
        const since = state.failing?.since ?? nowIso;
        const announced = state.announcedAt === null || now.getTime() - Date.parse(state.announcedAt) >= HOUR_MS;
        const next: Stored = { failing: { since, lastFailureAt: nowIso, reason }, announcedAt: announced ? nowIso : state.announcedAt };
        await trx
          .updateTable('settings')
          .set({ value: JSON.stringify(next) })
          .where('name', '=', EMAIL_FAILING_SETTING)
          .execute();
        if (announced && webhook) {
          await enqueueServerEvent(trx, ['webhook'], { type: 'notifications.email_failing', createdAt: nowIso, data: { since, reason } });
        }
        return { since, announced };
      }),

    async emailDelivered() {
      const value = await read();
      const state = parse(value);
      if (!state.failing || value === undefined) return undefined;
      // Only if no other attempt wrote meanwhile (compare and set): its news is newer.
      const result = await db
        .updateTable('settings')
        .set({ value: JSON.stringify({ ...state, failing: null }) })
        .where('name', '=', EMAIL_FAILING_SETTING)
        .where('value', '=', value)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? { failedSince: state.failing.since } : undefined;
    },

    emailFailing: async () => parse(await read()).failing ?? undefined,
  };
}
