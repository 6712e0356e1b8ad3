/** Reads tab-separated text as spreadsheets put it on the clipboard: quoted cells may hold tabs, newlines, quotes. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const source = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  while (index < source.length) {
    const char = source[index] as string;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === '\t') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += char;
    }
    index++;
  }
  row.push(cell);
  rows.push(row);
  return rows;
}

export function toTsv(rows: string[][]): string {
  const quote = (cell: string) => (/[\t\n"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return rows.map((row) => row.map(quote).join('\t')).join('\n');
}
