import type { KeptTable } from '../../../content/privacy/types';

/**
 * The privacy policy's table of what is kept, rendered from the server's declaration
 * (src/contracts/kept-data.ts, through content/privacy/). On a phone each row reads as a block,
 * its cells under one another with their header's name; from `md` up it is a table.
 */
export function KeptDataTable({ table }: { table: KeptTable }) {
  const cell = 'block py-1 md:table-cell md:border-t md:border-slate-200 md:px-3 md:py-3 md:align-top md:dark:border-slate-800';
  const label = 'block text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden dark:text-slate-400';
  return (
    <table className="mt-6 block w-full max-w-6xl text-sm text-slate-700 md:table dark:text-slate-300" data-kept-table>
      <caption className="sr-only">{table.caption}</caption>
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr>
          {(
            [
              [table.headers.what, 'w-[34%]'],
              [table.headers.why, 'w-[20%]'],
              [table.headers.howLong, 'w-[24%]'],
              [table.headers.seenBy, 'w-[22%]'],
            ] as const
          ).map(([header, width]) => (
            <th key={header} scope="col" className={`${width} px-3 pb-2 text-left align-bottom font-semibold text-slate-900 dark:text-white`}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block md:table-row-group">
        {table.rows.map((row) => (
          <tr key={row.kind} data-kind={row.kind} className="block border-t border-slate-200 py-3 md:table-row md:border-0 md:py-0 dark:border-slate-800">
            <th scope="row" className={`${cell} text-left font-semibold text-slate-900 md:font-medium dark:text-white`}>
              {row.what}
            </th>
            {(
              [
                [table.headers.why, row.why],
                [table.headers.howLong, row.howLong],
                [table.headers.seenBy, row.seenBy],
              ] as const
            ).map(([header, value]) => (
              <td key={header} className={cell}>
                <span className={label} data-cell-label>
                  {header}
                </span>
                {typeof value === 'string'
                  ? value
                  : value.map((who) => (
                      <span key={who} className="block not-last:mb-1" data-who>
                        {who}
                      </span>
                    ))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
