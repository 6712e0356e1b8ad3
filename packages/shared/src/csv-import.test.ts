import { describe, expect, it } from 'vitest';
import {
  CsvParser,
  collectChoices,
  csvCellValue,
  detectDelimiter,
  importChunks,
  inferColumn,
  parseCsv,
} from './csv-import';
import type { FieldLike } from './table-values';
import type { FieldOptions } from './tables';

describe('parseCsv', () => {
  it.each([
    [
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a,b\nc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['"a,1","say ""hi"""\n', [['a,1', 'say "hi"']]],
    ['"two\r\nlines",x\n', [['two\r\nlines', 'x']]],
    [
      '\uFEFFname,age\nAda,36',
      [
        ['name', 'age'],
        ['Ada', '36'],
      ],
    ],
    ['a,,c\n,,\n', [['a', '', 'c']]],
    [
      'a;b;c\n1;2;3',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
    ],
    [
      'a\tb\n"x\ty"\tz',
      [
        ['a', 'b'],
        ['x\ty', 'z'],
      ],
    ],
    ['"",x\r', [['', 'x']]],
  ])('%j', (input, expected) => {
    expect(parseCsv(input)).toEqual(expected);
  });

  it('gives the same rows however the text is cut into pieces', () => {
    const text = 'id,note\r\n1,"a ""quoted"", long\r\nnote"\r\n2,plain\n3,"end"';
    const whole = parseCsv(text);
    for (let size = 1; size <= 7; size++) {
      const parser = new CsvParser();
      const rows: string[][] = [];
      for (let i = 0; i < text.length; i += size) rows.push(...parser.push(text.slice(i, i + size)));
      rows.push(...parser.end());
      expect(rows).toEqual(whole);
    }
    expect(whole).toEqual([
      ['id', 'note'],
      ['1', 'a "quoted", long\r\nnote'],
      ['2', 'plain'],
      ['3', 'end'],
    ]);
  });

  it('says when the file ends inside a quoted cell', () => {
    const parser = new CsvParser();
    parser.push('a,"never closed\n');
    expect(parser.end()).toEqual([['a', 'never closed\n']]);
    expect(parser.unterminatedQuote).toBe(true);
  });

  // Its speed is measured by `npm run bench -- tables` (the import), not asserted here.
  it('parses 200,000 rows fed in 64 KB chunks, quoted commas split across chunks included', () => {
    const line = '12345,"Ada, Countess",ada@example.com,2024-01-31\n';
    const text = line.repeat(200_000);
    const parser = new CsvParser();
    let count = 0;
    for (let i = 0; i < text.length; i += 65_536) count += parser.push(text.slice(i, i + 65_536)).length;
    count += parser.end().length;
    expect(count).toBe(200_000);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['a,b,c\n1,2,3', ','],
    ['a;b;c\n"1,5";2;3', ';'],
    ['a\tb\n1\t2', '\t'],
    ['single', ','],
  ])('%j → %j', (sample, expected) => {
    expect(detectDelimiter(sample)).toBe(expected);
  });
});

describe('inferColumn', () => {
  it.each([
    [['1', '2.5', '-3', '1,200'], 'number'],
    [['$1.00', '$2,300.50'], 'currency'],
    [['10%', '2.5%'], 'percent'],
    [['yes', 'no', 'Yes'], 'checkbox'],
    [['2024-01-31', '2023-12-01'], 'date'],
    [['2024-01-31T10:00:00Z', '2024-01-31 09:30'], 'date_time'],
    [['ada@example.com', 'bob@example.org'], 'email'],
    [['https://example.com', 'www.flowmind.dev'], 'url'],
    [['+1 555 123 4567', '(555) 123-4567'], 'phone'],
    [['Open', 'Closed', 'Open', 'Open', 'Closed'], 'single_select'],
    [['red, blue', 'blue', 'green, red', 'red'], 'multi_select'],
    [['red, blue', 'red, blue', 'red, blue', 'red'], 'multi_select'],
    [['Cy, Jr.', 'Ada', 'Bo, Sr.', 'Dee'], 'text'],
    [['line one\nline two', 'x'], 'long_text'],
    [['Ada', 'Bob', 'Cy'], 'text'],
    [['12', 'abc', '3'], 'text'],
    [['', ''], 'text'],
  ])('%j → %s', (cells, type) => {
    expect(inferColumn(cells).type).toBe(type);
  });

  it('names the options of a select and the symbol of a currency', () => {
    expect(inferColumn(['Open', 'Closed', 'open', 'Open']).choices).toEqual(['Open', 'Closed']);
    expect(inferColumn(['€5', '€7.50']).symbol).toBe('€');
    expect(inferColumn(['1', '2.125', '3.5'])).toEqual({ type: 'number', precision: 3 });
  });

  it('collects choices of the whole column', () => {
    expect(collectChoices(['a, b', 'B', ' c '], 'multi_select')).toEqual(['a', 'b', 'c']);
    expect(collectChoices(['x', '', 'X', 'y'], 'single_select')).toEqual(['x', 'y']);
  });
});

describe('csvCellValue', () => {
  const field = (options: FieldOptions): FieldLike => ({ id: 'f', name: 'Col', type: options.type, options });
  const choices = [
    { id: 'o1', name: 'Open', color: 'green' as const },
    { id: 'o2', name: 'Closed', color: 'red' as const },
  ];
  it.each<[FieldOptions, string, unknown]>([
    [{ type: 'text' }, 'hello', 'hello'],
    [{ type: 'text' }, 'nul\u0000byte', 'nulbyte'],
    [{ type: 'number', precision: 0 }, '1,200.5', 1200.5],
    [{ type: 'currency', precision: 2, symbol: '$' }, '$3.10', 3.1],
    [{ type: 'percent', precision: 0 }, '25%', 0.25],
    [{ type: 'checkbox' }, 'yes', true],
    [{ type: 'checkbox' }, 'no', false],
    [{ type: 'date' }, '2024-02-29', '2024-02-29'],
    [{ type: 'date_time', timeZone: 'UTC' }, '2024-01-31T10:00:00Z', '2024-01-31T10:00:00.000Z'],
    [{ type: 'email' }, ' ada@example.com ', 'ada@example.com'],
    [{ type: 'single_select', choices }, 'closed', 'o2'],
    [{ type: 'multi_select', choices }, 'Open, Closed', ['o1', 'o2']],
    [{ type: 'rating', max: 5 }, '4', 4],
    [{ type: 'number', precision: 0 }, '  ', null],
  ])('%j reads %j', (options, text, value) => {
    expect(csvCellValue(field(options), text)).toEqual({ ok: true, value });
  });

  it.each<[FieldOptions, string, string]>([
    [{ type: 'number', precision: 0 }, 'abc', 'Col must be a number'],
    [{ type: 'email' }, 'not-an-email', 'Col must be an email address'],
    [{ type: 'checkbox' }, 'maybe', 'Col must be true or false'],
    [{ type: 'date' }, 'someday', 'Col must be a date (YYYY-MM-DD)'],
    [{ type: 'single_select', choices }, 'Pending', 'Col has no option "Pending"'],
    [{ type: 'multi_select', choices }, 'Open, Lost', 'Col has no option "Lost"'],
    [{ type: 'rating', max: 5 }, '9', 'Col must be a whole number from 0 to 5'],
    [{ type: 'formula', expression: '1' }, '1', 'Col cannot be imported into'],
  ])('%j refuses %j', (options, text, message) => {
    expect(csvCellValue(field(options), text)).toEqual({ ok: false, message });
  });
});

describe('importChunks', () => {
  it('cuts rows into chunks of 1000 numbered by their file row', () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [String(i)]);
    const chunks = [...importChunks(rows, { firstRowNumber: 2 })];
    expect(chunks.map((c) => [c.firstRowNumber, c.rows.length])).toEqual([
      [2, 1000],
      [1002, 1000],
      [2002, 500],
    ]);
  });

  it('keeps a chunk of long cells under the body limit', () => {
    const rows = Array.from({ length: 10 }, () => ['x'.repeat(1_500_000)]);
    const chunks = [...importChunks(rows, { firstRowNumber: 1 })];
    expect(chunks.map((c) => c.rows.length)).toEqual([2, 2, 2, 2, 2]);
  });
});
