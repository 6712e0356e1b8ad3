/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces, with
 * quotes doubled. `guardFormula` prefixes text that a spreadsheet would run as a formula with `'`.
 */
export function csvCell(value: string, { guardFormula = false } = {}): string {
  const text = guardFormula && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: string[], guards: boolean[] = []): string {
  return `${cells.map((cell, i) => csvCell(cell, { guardFormula: guards[i] ?? false })).join(',')}\r\n`;
}
