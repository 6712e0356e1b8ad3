import { IMPORTABLE_TYPES, type ImportableType, isImportable } from '@flowmind/shared/csv-import';
import type { Field } from '@flowmind/shared/tables';
import { Field as FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { fieldTypeInfo } from '../fields/field-types';
import { type CsvColumn, dataRowsOf, NEW_FIELD } from './csv-columns';
import type { CsvImport } from './use-csv-import';

const PREVIEW_ROWS = 5;

/** The first rows of the file as a small table, under the names the columns will import as. */
function CsvPreview({ flow }: { flow: CsvImport }) {
  const rows = dataRowsOf(flow.file?.rows ?? [], flow.headerRow).slice(0, PREVIEW_ROWS);
  return (
    <section className="max-h-48 overflow-auto rounded-lg border" aria-label="Preview of the first rows">
      <table className="w-full border-collapse text-[12px]">
        <thead className="sticky top-0 bg-muted">
          <tr>
            {flow.columns.map((column) => (
              <th key={column.index} scope="col" className="whitespace-nowrap border-b px-2 py-1 text-left font-medium">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their position
            <tr key={rowIndex} className="border-b last:border-0">
              {flow.columns.map((column) => (
                <td key={column.index} className="max-w-48 truncate whitespace-nowrap px-2 py-1 text-muted-foreground">
                  {row[column.index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ColumnRow({
  column,
  fields,
  onChange,
}: {
  column: CsvColumn;
  fields: Field[];
  onChange: (patch: Partial<CsvColumn>) => void;
}) {
  const label = `Column ${column.index + 1} (${column.name})`;
  const inferredLabel = fieldTypeInfo[column.inferred.type].label;
  return (
    <li className="grid gap-2 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,11rem)_minmax(0,10rem)] sm:items-center">
      <label className="flex min-w-0 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-primary"
          checked={column.include}
          onChange={(event) => onChange({ include: event.target.checked })}
          aria-label={`Import ${label}`}
        />
        <span className="min-w-0">
          <span className="block truncate font-medium">{column.name}</span>
          <span className="block truncate text-muted-foreground text-xs">Looks like {inferredLabel.toLowerCase()}</span>
        </span>
      </label>
      <NativeSelect
        size="sm"
        aria-label={`Target of ${label}`}
        value={column.target}
        disabled={!column.include}
        onChange={(event) => onChange({ target: event.target.value })}
      >
        <option value={NEW_FIELD}>New field</option>
        {fields.map((field) => (
          <option key={field.id} value={field.id}>
            {field.name}
          </option>
        ))}
      </NativeSelect>
      {column.target === NEW_FIELD ? (
        <NativeSelect
          size="sm"
          aria-label={`Type of ${label}`}
          value={column.type}
          disabled={!column.include}
          onChange={(event) => onChange({ type: event.target.value as ImportableType })}
        >
          {IMPORTABLE_TYPES.map((type) => (
            <option key={type} value={type}>
              {fieldTypeInfo[type].label}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <span className="truncate text-muted-foreground text-xs">
          {fieldTypeInfo[fields.find((field) => field.id === column.target)?.type ?? 'text'].label}
        </span>
      )}
    </li>
  );
}

/** Step two: the preview and, per column, whether to import it, where to, and as which type. */
export function CsvImportMapping({
  flow,
  fields,
  isNewTable,
}: {
  flow: CsvImport;
  fields: Field[];
  isNewTable: boolean;
}) {
  const targets = fields.filter((field) => isImportable(field.type));
  const dataCount = dataRowsOf(flow.file?.rows ?? [], flow.headerRow).length;
  return (
    <div className="grid min-w-0 gap-3">
      {isNewTable && (
        <FormField label="Table name">
          {(props) => (
            <Input
              {...props}
              value={flow.tableName}
              onChange={(event) => flow.setTableName(event.target.value)}
              maxLength={120}
            />
          )}
        </FormField>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate text-muted-foreground">
          {flow.file?.name} · {dataCount.toLocaleString()} {dataCount === 1 ? 'row' : 'rows'}
        </span>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={flow.headerRow}
            onChange={(event) => flow.setHeaderRow(event.target.checked)}
          />
          First row is a header
        </label>
      </div>
      {flow.file?.unterminatedQuote && (
        <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-[13px]">
          The file ends inside a quoted cell; the last row may be cut short.
        </p>
      )}
      <CsvPreview flow={flow} />
      <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,11rem)_minmax(0,10rem)] gap-2 px-3 text-muted-foreground text-xs sm:grid">
        <span>Column</span>
        <span>Import into</span>
        <span>Type</span>
      </div>
      <ul className="max-h-72 divide-y overflow-y-auto rounded-lg border" aria-label="Columns">
        {flow.columns.map((column) => (
          <ColumnRow
            key={column.index}
            column={column}
            fields={targets}
            onChange={(patch) => flow.updateColumn(column.index, patch)}
          />
        ))}
      </ul>
    </div>
  );
}
