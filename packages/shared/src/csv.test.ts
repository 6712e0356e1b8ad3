import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded ', '" padded "'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")', { guardFormula: true })).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5', { guardFormula: false })).toBe('-5');
    expect(csvCell('@sum', { guardFormula: true })).toBe("'@sum");
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });
});
