import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { Database } from './tables';

/** Creates the connection pool; nothing connects until the first query (the migrations). */
export function openPostgres(connectionString: string, onConnectionLost: (error: Error) => void): Kysely<Database> {
  const pool = new Pool({
    connectionString,
    max: 10,
    application_name: 'leads-server',
    // Fail fast when the database is down: the visitor gets a 503 within seconds, not a hang.
    connectionTimeoutMillis: 5_000,
    statement_timeout: 10_000,
    query_timeout: 15_000,
  });
  // An idle client whose connection drops (restart, failover, terminated backend) emits 'error'
  // on the pool; without a listener that event would crash the process.
  pool.on('error', onConnectionLost);
  // A client checked out by a query emits 'error' on itself: pg-pool takes its own listener off
  // while the client is lent, and Kysely adds none, so a connection cut in the middle of a
  // transaction (PostgreSQL restarted under load) crashed the process. The query itself fails
  // (the visitor gets 503), and the pool drops the broken client when it is given back.
  pool.on('connect', (client) => client.on('error', onConnectionLost));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
