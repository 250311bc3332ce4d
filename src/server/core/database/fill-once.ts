import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Runner } from './context';
import type { Database } from './tables';

type Table = keyof Database;
type Column<T extends Table> = keyof Database[T] & string;
type Returned<T extends Table> = keyof Selectable<Database[T]> & string;

/**
 * Fills columns that are filled once (a call's report, an unsubscribe, a confirmation): the UPDATE
 * changes the row `key` names only while every column of `set` is still NULL, so the check and the
 * change are one step and a retried request changes nothing. Returns the `returning` columns of
 * the row it filled; when it filled none, one more look tells a row filled before ('already') from
 * no such row ('missing').
 */
export async function fillOnce<T extends Table, R extends Returned<T>>(
  runner: Runner,
  table: T,
  [column, value]: [Column<T>, string | number],
  set: Updateable<Database[T]>,
  returning: readonly R[],
): Promise<Pick<Selectable<Database[T]>, R> | 'already' | 'missing'> {
  // Kysely cannot follow a table chosen by a type parameter: the query is built untyped, the
  // signature above keeps every caller typed.
  const db = runner as unknown as Kysely<any>;
  const name: string = table;
  const key: string = column;
  let update = db.updateTable(name).set(set).where(key, '=', value);
  for (const filled of Object.keys(set)) update = update.where(filled, 'is', null);
  const row = await update.returning(returning as readonly string[]).executeTakeFirst();
  if (row) return row as Pick<Selectable<Database[T]>, R>;
  const exists = await db.selectFrom(name).select(key).where(key, '=', value).executeTakeFirst();
  return exists ? 'already' : 'missing';
}
