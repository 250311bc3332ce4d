import { type ColumnDeclaration, KEPT_DATA } from '../../../contracts/kept-data';
import type { Database } from './tables';

/**
 * The declaration of what the firm keeps (src/contracts/kept-data.ts) must name every column of
 * every table of ./tables.ts: a column added there without its entry does not compile here.
 * kept-data.test.ts checks it against the real schema, on both engines.
 */
type Declared = { [Table in keyof Database]: { [Column in keyof Database[Table]]-?: ColumnDeclaration } };

export const DECLARED: Declared = KEPT_DATA;
