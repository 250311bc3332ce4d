/**
 * CSV as the firm's spreadsheet reads it: the export (scripts/export.ts), the figures
 * (scripts/stats.ts) and the list of leads attached to an e-mail that carries several
 * (outbox/together-email.ts).
 */

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or CR before one) as a formula, and a
 * visitor could type `=HYPERLINK(...)` in the form. As OWASP describes, such text gets an apostrophe
 * before it, which spreadsheets show as text ("+1 514..." is exported as "'+1 514..."). Not only at
 * the start: a Quebec Excel splits cells at `;`, and a reader whose quoting went astray at `,`, a
 * quote or a line break, so `hello;=cmd|...` would put `=cmd|...` at the start of a cell of its own.
 * Every cell is quoted, so a separator inside a value stays inside it.
 */
const FORMULA_START = /(^|[,;"\t\r\n])(?=[ ]*[=+\-@\t\r])/g;

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value).replace(FORMULA_START, "$1'");
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * RFC 4180: CRLF line ends, every field quoted. Starts with a UTF-8 byte-order mark,
 * without which Excel reads the file as ANSI and garbles accents ("Montréal").
 */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map(csvCell).join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
