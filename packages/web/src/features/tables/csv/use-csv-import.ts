import { csvRow } from '@flowmind/shared/csv';
import { type ImportFailure, type ImportResult, type ImportRows, importChunks } from '@flowmind/shared/csv-import';
import type { Field } from '@flowmind/shared/tables';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../../lib/api';
import { tablesApi } from '../tables-api';
import {
  buildColumns,
  type CsvColumn,
  dataRowsOf,
  freeName,
  mappingProblem,
  NEW_FIELD,
  newFieldOptions,
} from './csv-columns';
import { type CsvFile, readCsvFile } from './csv-file';

const importRows = ({ tableId, input }: { tableId: string; input: ImportRows }) =>
  api<ImportResult>(`/api/tables/${encodeURIComponent(tableId)}/import`, { method: 'POST', body: input });

export type ImportReport = {
  tableId: string;
  imported: number;
  failures: ImportFailure[];
  /** Rows never sent: the import was cancelled or a request failed. */
  notSent: number;
  cancelled: boolean;
  error: string | null;
};

export type ImportTarget = { kind: 'existing'; tableId: string; fields: Field[] } | { kind: 'new'; accountId: string };

type Phase = 'choose' | 'reading' | 'map' | 'importing' | 'done';

/**
 * The CSV import flow: read a file, map its columns (onto existing fields or new ones whose type
 * is inferred), then send the rows in chunks with progress, and report the rows that failed.
 */
export function useCsvImport(target: ImportTarget) {
  const [phase, setPhase] = useState<Phase>('choose');
  const [file, setFile] = useState<CsvFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [headerRow, setHeaderRowState] = useState(true);
  const [columns, setColumns] = useState<CsvColumn[]>([]);
  const [tableName, setTableName] = useState('');
  const [startError, setStartError] = useState<string | null>(null);
  const [progress, setProgress] = useState({ sent: 0, total: 0 });
  const [report, setReport] = useState<ImportReport | null>(null);
  const cancelled = useRef(false);
  const existingFields = target.kind === 'existing' ? target.fields : [];
  // Closing the dialog mid-import stops it after the chunk in flight, as Cancel does.
  useEffect(
    () => () => {
      cancelled.current = true;
    },
    [],
  );

  const chooseFile = async (chosen: File) => {
    setFileError(null);
    setPhase('reading');
    try {
      const parsed = await readCsvFile(chosen);
      if (parsed.rows.length < 2 && headerRow) {
        throw new Error(`“${chosen.name}” has a header row but no rows to import.`);
      }
      setFile(parsed);
      setColumns(buildColumns(parsed.rows, true, existingFields));
      setHeaderRowState(true);
      setTableName(chosen.name.replace(/\.[^.]+$/, '').slice(0, 120) || 'Imported table');
      setPhase('map');
    } catch (failure) {
      setFile(null);
      setFileError(errorMessage(failure, 'The file could not be read.'));
      setPhase('choose');
    }
  };

  const setHeaderRow = (value: boolean) => {
    setHeaderRowState(value);
    if (file) setColumns(buildColumns(file.rows, value, existingFields));
  };

  const updateColumn = (index: number, patch: Partial<CsvColumn>) =>
    setColumns((current) => current.map((column) => (column.index === index ? { ...column, ...patch } : column)));

  /** Creates the table (when importing into a new one) and the new fields; field id per column. */
  async function prepareFields(dataRows: string[][]): Promise<{ tableId: string; fieldIds: (string | null)[] }> {
    const fieldIds: (string | null)[] = columns.map((column) =>
      column.include && column.target !== NEW_FIELD ? column.target : null,
    );
    const newColumns = columns.filter((column) => column.include && column.target === NEW_FIELD);
    let tableId: string;
    let taken: Set<string>;
    if (target.kind === 'new') {
      const table = await tablesApi.create({ accountId: target.accountId, name: tableName.trim() || 'Imported table' });
      tableId = table.id;
      const [primary] = await tablesApi.fields(table.id);
      taken = new Set();
      // The first new column becomes the table's primary field, so no empty "Name" column is left.
      const first = newColumns.shift();
      if (primary && first) {
        await tablesApi.updateField({
          tableId,
          fieldId: primary.id,
          input: { name: freeName(first.name, taken), options: newFieldOptions(first, dataRows) },
        });
        fieldIds[first.index] = primary.id;
      }
    } else {
      tableId = target.tableId;
      taken = new Set(target.fields.map((field) => field.name.toLowerCase()));
    }
    for (const column of newColumns) {
      const field = await tablesApi.createField({
        tableId,
        input: { name: freeName(column.name, taken), options: newFieldOptions(column, dataRows) },
      });
      fieldIds[column.index] = field.id;
    }
    return { tableId, fieldIds };
  }

  const start = async () => {
    if (!file) return;
    const problem = mappingProblem(columns) ?? (target.kind === 'new' && !tableName.trim() ? 'Name the table.' : null);
    setStartError(problem);
    if (problem) return;
    const dataRows = dataRowsOf(file.rows, headerRow);
    cancelled.current = false;
    setProgress({ sent: 0, total: dataRows.length });
    setPhase('importing');
    let tableId = target.kind === 'existing' ? target.tableId : '';
    let imported = 0;
    let sent = 0;
    const failures: ImportFailure[] = [];
    let error: string | null = null;
    try {
      const prepared = await prepareFields(dataRows);
      tableId = prepared.tableId;
      for (const chunk of importChunks(dataRows, { firstRowNumber: headerRow ? 2 : 1 })) {
        if (cancelled.current) break;
        const result = await importRows({ tableId, input: { fieldIds: prepared.fieldIds, ...chunk } });
        imported += result.imported;
        failures.push(...result.failed);
        sent += chunk.rows.length;
        setProgress({ sent, total: dataRows.length });
      }
    } catch (failure) {
      error = errorMessage(failure, 'The import stopped.');
    }
    setReport({
      tableId,
      imported,
      failures,
      notSent: dataRows.length - sent,
      cancelled: cancelled.current,
      error,
    });
    setPhase('done');
  };

  const cancel = () => {
    cancelled.current = true;
  };

  /** The failed rows as they were in the file (with its header), to fix and import again. */
  const failedRowsCsv = useCallback((): string => {
    if (!file || !report) return '';
    const firstRowNumber = headerRow ? 2 : 1;
    const numbers = [...new Set(report.failures.map((failure) => failure.row))].sort((a, b) => a - b);
    const lines = headerRow && file.rows[0] ? [csvRow(file.rows[0])] : [];
    const dataRows = dataRowsOf(file.rows, headerRow);
    for (const number of numbers) {
      const row = dataRows[number - firstRowNumber];
      if (row) lines.push(csvRow(row));
    }
    return lines.join('');
  }, [file, report, headerRow]);

  const reset = () => {
    setPhase('choose');
    setFile(null);
    setFileError(null);
    setColumns([]);
    setStartError(null);
    setReport(null);
  };

  return {
    phase,
    chooseFile,
    file,
    fileError,
    headerRow,
    setHeaderRow,
    columns,
    updateColumn,
    tableName,
    setTableName,
    startError,
    start,
    cancel,
    progress,
    report,
    failedRowsCsv,
    reset,
  };
}

export type CsvImport = ReturnType<typeof useCsvImport>;
