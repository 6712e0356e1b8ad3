import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ExpressionInput } from './expression-input';

export type RowColumn = { key: string; label: string; placeholder?: string; expression?: boolean };
type Row = Record<string, unknown>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A list of small records edited as rows (headers, fields to set, scrape selectors), with add and remove. */
export function RowsInput({
  rows,
  columns,
  addLabel,
  disabled,
  onChange,
}: {
  rows: Row[];
  columns: readonly RowColumn[];
  addLabel: string;
  disabled?: boolean;
  onChange(rows: Row[]): void;
}) {
  const update = (index: number, key: string, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const empty = () => Object.fromEntries(columns.map((column) => [column.key, '']));
  return (
    <div className="grid gap-2">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are plain values without ids
        <div key={index} className="flex items-start gap-1.5">
          <div
            className="grid min-w-0 flex-1 gap-1.5"
            style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
          >
            {columns.map((column) =>
              column.expression ? (
                <ExpressionInput
                  key={column.key}
                  aria-label={`${column.label} ${index + 1}`}
                  placeholder={column.placeholder ?? column.label}
                  value={text(row[column.key])}
                  disabled={disabled}
                  onChange={(value) => update(index, column.key, value)}
                />
              ) : (
                <Input
                  key={column.key}
                  aria-label={`${column.label} ${index + 1}`}
                  placeholder={column.placeholder ?? column.label}
                  value={text(row[column.key])}
                  disabled={disabled}
                  onChange={(event) => update(index, column.key, event.target.value)}
                />
              ),
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove row ${index + 1}`}
            disabled={disabled}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="outline" size="sm" disabled={disabled} onClick={() => onChange([...rows, empty()])}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
    </div>
  );
}
