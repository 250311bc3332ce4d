import type { CSSProperties, ReactNode } from 'react';
import type { Table } from './report-tables';

/** How a cell looks: inline styles in the digest (mail clients drop style sheets), classes in the report. */
export type CellLook = { className?: string; style?: CSSProperties };

/**
 * A figures table's head and body, as the digest (digest-html.tsx) and the report (report-html.tsx)
 * both draw it: the columns' names, then one row per line whose first cell names it (a row header)
 * and the rest are its values; `after` adds a cell at the end of each row, by the row's index (the
 * digest's bars).
 */
export function TableRows({
  table,
  columns,
  look,
  after,
}: {
  table: Table;
  columns: readonly string[];
  look: { column: (index: number) => CellLook; rowHeader: CellLook; value: CellLook };
  after?: readonly ReactNode[];
}) {
  return (
    <>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" {...look.column(index)}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {row.cells.map((value, index) =>
              index === 0 ? (
                <th key={index} scope="row" {...look.rowHeader}>
                  {value}
                </th>
              ) : (
                <td key={index} {...look.value}>
                  {value}
                </td>
              ),
            )}
            {after?.[rowIndex]}
          </tr>
        ))}
      </tbody>
    </>
  );
}
