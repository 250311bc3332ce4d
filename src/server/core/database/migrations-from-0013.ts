import type { Db, Migrations } from './engine';

/** The voice demo's calls: their records, the holds on the day's budget, the calls the server places. */
export const MIGRATIONS_FROM_0013: Migrations = {
  /**
   * The voice demo's budget counts calls, not keys. `voice_calls`: one row per call the server has
   * seen (Vapi's call id, the assistant's language, when it started and ended, its length in seconds,
   * how it ended), nothing about who called or from where; the firm's statistics read it.
   * `voice_holds`: what each key handed out holds of the day's minutes and lines until it is seen
   * as a call or expires, with the network it went to (for that network's share) and the call it
   * became; deleted once its day is over. `voice_session_counts` stays: its day's row is the lock
   * that admits one key at a time (src/server/voice/sessions-repository.ts).
   */
  '0013_voice_calls': (columns) => ({
    async up(db: Db) {
      await db.schema
        .createTable('voice_calls')
        .addColumn('call_id', 'text', (column) => column.primaryKey())
        .addColumn('locale', 'text', (column) => column.notNull())
        .addColumn('started_at', columns.timestamp, (column) => column.notNull())
        .addColumn('ended_at', columns.timestamp)
        .addColumn('duration_seconds', 'integer')
        .addColumn('ended_reason', 'text')
        .execute();
      await db.schema.createIndex('voice_calls_started_at_idx').on('voice_calls').column('started_at').execute();
      await db.schema
        .createTable('voice_holds')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('network', 'text')
        .addColumn('expires_at', columns.timestamp, (column) => column.notNull())
        .addColumn('call_id', 'text', (column) => column.unique())
        .execute();
      await db.schema.createIndex('voice_holds_day_idx').on('voice_holds').column('day').execute();
    },
  }),
  /**
   * The server places every demo call itself (POST /api/voice/call/web). `voice_holds` gains what
   * that needs: the session's language, when its key was used (once), when the call was placed, the
   * call's control URL (kept on the server only, until the call is settled) and when a placed call
   * that never started was ended. `voice_calls` gains what Vapi billed for the call (`cost`, in US
   * dollars, from the end-of-call report or Vapi's record) and where its length came from
   * (`settled_by`: the report, Vapi's record, or its longest length when Vapi could not be asked).
   */
  '0014_voice_placed_calls': (columns) => ({
    async up(db: Db) {
      await db.schema.alterTable('voice_holds').addColumn('locale', 'text').execute();
      await db.schema.alterTable('voice_holds').addColumn('used_at', columns.timestamp).execute();
      await db.schema.alterTable('voice_holds').addColumn('placed_at', columns.timestamp).execute();
      await db.schema.alterTable('voice_holds').addColumn('control_url', 'text').execute();
      await db.schema.alterTable('voice_holds').addColumn('ended_at', columns.timestamp).execute();
      await db.schema.alterTable('voice_calls').addColumn('cost', 'double precision').execute();
      await db.schema.alterTable('voice_calls').addColumn('settled_by', 'text').execute();
    },
  }),
  /**
   * A demo call's id is kept only until its record is deleted at Vapi (VAPI_CALL_RETENTION_DAYS,
   * src/server/voice/call-deletion.ts): `voice_calls` gets a number of its own (`id`) as its key, so
   * that `call_id` can become NULL while the figures keep the row; `vapi_deleted_at`, when Vapi's
   * record was deleted; `callback`, whether the call ended in a callback request, written when the
   * id goes (the figures read it through the id until then). SQLite cannot change a primary key:
   * the table is made again, on both engines, its rows copied in their order.
   */
  '0015_voice_call_ids': (columns) => ({
    async up(db: Db) {
      const kept = ['call_id', 'locale', 'started_at', 'ended_at', 'duration_seconds', 'ended_reason', 'cost', 'settled_by'] as const;
      await db.schema
        .createTable('voice_calls_0015')
        .addColumn('id', 'integer', columns.id)
        .addColumn('call_id', 'text', (column) => column.unique())
        .addColumn('locale', 'text', (column) => column.notNull())
        .addColumn('started_at', columns.timestamp, (column) => column.notNull())
        .addColumn('ended_at', columns.timestamp)
        .addColumn('duration_seconds', 'integer')
        .addColumn('ended_reason', 'text')
        .addColumn('cost', 'double precision')
        .addColumn('settled_by', 'text')
        .addColumn('vapi_deleted_at', columns.timestamp)
        .addColumn('callback', 'integer')
        .execute();
      await db
        .insertInto('voice_calls_0015')
        .columns([...kept])
        .expression(
          db
            .selectFrom('voice_calls')
            .select([...kept])
            .orderBy('started_at')
            .orderBy('call_id'),
        )
        .execute();
      await db.schema.dropTable('voice_calls').execute();
      await db.schema.alterTable('voice_calls_0015').renameTo('voice_calls').execute();
      await db.schema.createIndex('voice_calls_started_at_idx').on('voice_calls').column('started_at').execute();
    },
  }),
};
