import type { CSSProperties } from 'react';
import { renderHtmlDocument } from '../core/html';
import { MailDocument } from '../core/mail-document';
import type { Table } from './report-tables';
import { TableRows } from './table-rows';

/**
 * The digest's HTML part (digest.ts): tables only, with inline styles and no external resource
 * (no image, no font, no stylesheet), so Gmail, Outlook and Apple Mail show the same thing; the
 * 8-week chart is a table of bars (cells with a width and a background colour, which even
 * Outlook's Word engine draws).
 */

/** The colours of the two figures the charts draw, here and in the HTML report (report-html.tsx). */
export const BAR_COLOURS = { entries: '#2563eb', leads: '#059669' } as const;
const BAR_MAX_PX = 240;

const BODY: CSSProperties = {
  margin: '0',
  padding: '16px',
  fontFamily: 'system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif',
  lineHeight: '1.4',
  color: '#111827',
  background: '#ffffff',
};
const CELL: CSSProperties = { padding: '4px 10px 4px 0', textAlign: 'left', verticalAlign: 'top', borderBottom: '1px solid #e5e7eb' };
const NUMBER_CELL: CSSProperties = { ...CELL, textAlign: 'right', whiteSpace: 'nowrap' };
const ROW_HEADER: CSSProperties = { ...CELL, fontWeight: 'normal', whiteSpace: 'nowrap' };
const HEADING: CSSProperties = { fontSize: '16px', margin: '24px 0 8px' };
const SMALL = { fontSize: '12px', color: '#4b5563' } as const satisfies CSSProperties;

export function digestHtml(digest: { lang: string; subject: string; intro: string; tables: Table[]; privacyNote: string; footer: string }): Promise<string> {
  return renderHtmlDocument(
    <MailDocument lang={digest.lang} title={digest.subject} viewport bodyStyle={BODY}>
      {'\n'}
      <p style={{ margin: '0 0 8px' }}>{digest.intro}</p>
      {digest.tables.map((table, index) => (
        <DigestTable key={index} table={table} />
      ))}
      {'\n'}
      <p style={{ ...SMALL, marginTop: '24px' }}>{digest.privacyNote}</p>
      {'\n'}
      <p style={SMALL}>{digest.footer}</p>
      {'\n'}
    </MailDocument>,
  );
}

function DigestTable({ table }: { table: Table }) {
  const heading = (
    <>
      {'\n'}
      <h2 style={HEADING}>{table.heading}</h2>
      {'\n'}
    </>
  );
  if (table.rows.length === 0)
    return (
      <>
        {heading}
        <p>{table.empty ?? ''}</p>
      </>
    );
  const chart = table.rows.some((row) => row.bar);
  const max = Math.max(1, ...table.rows.map((row) => row.bar?.entries ?? 0), ...table.rows.map((row) => row.bar?.leads ?? 0));
  const textual = table.kind === 'leads';
  return (
    <>
      {heading}
      <table cellPadding="0" cellSpacing="0" border={0} style={{ borderCollapse: 'collapse', fontSize: '14px' }}>
        <TableRows
          table={table}
          columns={[...table.columns, ...(chart ? [''] : [])]}
          look={{
            column: (index) => ({ style: index === 0 || textual ? CELL : NUMBER_CELL }),
            rowHeader: { style: ROW_HEADER },
            value: { style: textual ? CELL : NUMBER_CELL },
          }}
          after={table.rows.map((row, index) =>
            row.bar ? (
              <td key={index} style={CELL}>
                <Bar value={row.bar.entries} max={max} colour={BAR_COLOURS.entries} />
                <Bar value={row.bar.leads} max={max} colour={BAR_COLOURS.leads} />
              </td>
            ) : null,
          )}
        />
      </table>
      {table.note ? (
        <>
          {'\n'}
          <p style={{ ...SMALL, margin: '6px 0 0' }}>{table.note}</p>
        </>
      ) : null}
    </>
  );
}

/** A bar as mail clients draw it: a table cell of that width with a background colour (`bgcolor`, not in React's types, for Outlook). */
function Bar({ value, max, colour }: { value: number; max: number; colour: string }) {
  const width = Math.round((value / max) * BAR_MAX_PX);
  if (width === 0) return null;
  return (
    <table role="presentation" cellPadding="0" cellSpacing="0" border={0} style={{ borderCollapse: 'collapse', margin: '1px 0' }}>
      <tr>
        <td
          width={width}
          height="10"
          {...{ bgcolor: colour }}
          style={{ width: `${width}px`, height: '10px', background: colour, fontSize: '0', lineHeight: '0' }}
        >
          {'\u00a0'}
        </td>
      </tr>
    </table>
  );
}
