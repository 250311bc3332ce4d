import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** The only column definitions that differ between the two engines. */
export type EngineColumns = {
  /** An auto-numbered integer primary key. */
  id: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  timestamp: 'timestamptz' | 'text';
};

export const ENGINE_COLUMNS: Record<Engine, EngineColumns> = {
  postgres: { id: (column) => column.primaryKey().generatedByDefaultAsIdentity(), timestamp: 'timestamptz' },
  sqlite: { id: (column) => column.primaryKey().autoIncrement(), timestamp: 'text' },
};

/**
 * Migrations take `Kysely<any>` on purpose: they describe the schema as it was at that version.
 */
// oxlint-disable-next-line no-explicit-any -- see above
export type Db = Kysely<any>;

/** Migrations by name, each written once for both engines (its columns from ENGINE_COLUMNS). */
export type Migrations = Record<string, (columns: EngineColumns) => Migration>;
