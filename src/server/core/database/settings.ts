import type { Runner, StoreContext } from './context';

/** Named values and secrets the server keeps for itself in `settings`. */
export interface SettingsRepository {
  /** A value the server keeps for itself (e.g. when a daily task last ran). */
  setting(name: string): Promise<string | undefined>;
  saveSetting(name: string, value: string): Promise<void>;
  /** The secret that signs the newsletter's links (newsletter/signed-link.ts), created with the schema. */
  linkSecret(): Promise<string>;
  /** The HMAC secrets of the proof-of-work challenges (src/server/core/proof-of-work.ts), created with the schema. */
  proofSecrets(): Promise<{ challenge: string; key: string }>;
}

export function settingsRepository({ db }: StoreContext): SettingsRepository {
  return {
    setting: async (name) => (await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst())?.value,

    async saveSetting(name, value) {
      await db
        .insertInto('settings')
        .values({ name, value })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
        .execute();
    },

    linkSecret: () => secretOf(db, 'unsubscribe_secret'),

    proofSecrets: async () => ({ challenge: await secretOf(db, 'proof_of_work_secret'), key: await secretOf(db, 'proof_of_work_key_secret') }),
  };
}

/** A secret the server made for itself with the schema (migrations 0003, 0008). */
export async function secretOf(runner: Runner, name: string): Promise<string> {
  const row = await runner.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
