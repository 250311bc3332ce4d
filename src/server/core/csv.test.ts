import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv cells', () => {
  it('quotes every cell, per RFC 4180', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it('defuses spreadsheet formulas at the start of the cell and wherever a cell could start', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(csvCell('+1 514-555-0142')).toBe('"\'+1 514-555-0142"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('\t=1')).toBe('"\'\t=1"');
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell("hello;=cmd|' /C calc'!A0")).toBe("\"hello;'=cmd|' /C calc'!A0\"");
    expect(csvCell('one\n@two, three')).toBe('"one\n\'@two, three"');
    expect(csvCell('a=1, b-2')).toBe('"a=1, b-2"');
  });

  it('writes a BOM, a header row and CRLF line ends', () => {
    expect(toCsv(['id', 'name'], [{ id: 1, name: 'Zoé' }])).toBe('\uFEFF"id","name"\r\n"1","Zoé"\r\n');
  });
});
