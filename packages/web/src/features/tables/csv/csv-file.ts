import { type CsvDelimiter, CsvParser } from '@flowmind/shared/csv-import';

export const MAX_CSV_BYTES = 50 * 1024 * 1024;

export type CsvFile = {
  name: string;
  /** Every row of the file, blank ones included so row numbers match what a spreadsheet shows. */
  rows: string[][];
  delimiter: CsvDelimiter;
  unterminatedQuote: boolean;
};

const CSV_NAME = /\.(csv|tsv|txt)$/i;
const CSV_TYPES = ['text/csv', 'text/plain', 'text/tab-separated-values', 'application/vnd.ms-excel', ''];

/** Why a file cannot be imported, or null when it looks like CSV. */
export function csvFileProblem(file: File): string | null {
  if (!CSV_NAME.test(file.name) && !CSV_TYPES.includes(file.type))
    return `“${file.name}” is not a CSV file. Export it from your spreadsheet as CSV and try again.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_CSV_BYTES)
    return `“${file.name}” is ${(file.size / 1024 / 1024).toFixed(0)} MB; files up to 50 MB can be imported. Split it into smaller files.`;
  return null;
}

/**
 * Reads a CSV file as a stream through the incremental parser, so a large file is decoded and
 * parsed piece by piece. Trailing blank rows are dropped; a file with no rows is an error.
 */
export async function readCsvFile(file: File): Promise<CsvFile> {
  const problem = csvFileProblem(file);
  if (problem) throw new Error(problem);
  const parser = new CsvParser();
  const rows: string[][] = [];
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
  let first = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // Text files hold no NUL characters; a spreadsheet or an image does.
    if (first && value.slice(0, 4096).includes('\u0000'))
      throw new Error(`“${file.name}” is not a CSV file. Export it from your spreadsheet as CSV and try again.`);
    first = false;
    for (const row of parser.push(value)) rows.push(row);
  }
  for (const row of parser.end()) rows.push(row);
  while (rows.length > 0 && (rows[rows.length - 1] as string[]).every((cell) => cell.trim() === '')) rows.pop();
  if (rows.length === 0) throw new Error(`“${file.name}” is empty.`);
  return { name: file.name, rows, delimiter: parser.detectedDelimiter, unterminatedQuote: parser.unterminatedQuote };
}
