/**
 * A Markdown table; `padded`, it also reads as plain text in a terminal: the first `leftAligned`
 * columns (names) left-aligned, the figures after them right-aligned, as the rule's colons say.
 */
export function markdownTable(header: string[], cells: string[][], { leftAligned = 1, padded = true } = {}): string {
  const widths = header.map((title, i) => (padded ? Math.max(title.length, ...cells.map((line) => line[i]!.length)) : 1));
  const format = (line: string[]) => `| ${line.map((cell, i) => (i < leftAligned ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, i) => (i < leftAligned ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [format(header), rule, ...cells.map(format)].join('\n');
}
