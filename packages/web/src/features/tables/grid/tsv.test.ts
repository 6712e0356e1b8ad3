import { describe, expect, it } from 'vitest';
import { parseTsv, toTsv } from './tsv';

describe('tsv', () => {
  it('reads rows and cells', () => {
    expect(parseTsv('a\tb\nc\td\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
  it('keeps quoted tabs, newlines and quotes', () => {
    expect(parseTsv('"x\ty"\t"line 1\nline 2"\t"say ""hi"""')).toEqual([['x\ty', 'line 1\nline 2', 'say "hi"']]);
  });
  it('round-trips', () => {
    const rows = [
      ['a\tb', 'c'],
      ['"q"', 'multi\nline'],
    ];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });
});
