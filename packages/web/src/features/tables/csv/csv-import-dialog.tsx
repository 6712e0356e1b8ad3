import type { Field } from '@flowmind/shared/tables';
import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { MAX_CSV_BYTES } from './csv-file';
import { CsvImportMapping } from './csv-import-mapping';
import { CsvImportProgress, CsvImportReport } from './csv-import-report';
import { type CsvImport, type ImportTarget, useCsvImport } from './use-csv-import';

/** Step one: a drop zone that is also a file picker. */
function FileDrop({ flow }: { flow: CsvImport }) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void flow.chooseFile(file);
  };
  return (
    <div className="grid gap-2">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center text-sm transition-colors focus-within:ring-3 focus-within:ring-ring/20 hover:bg-surface',
          over && 'border-primary bg-primary-soft',
        )}
      >
        <FileUp className="size-6 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">
          {flow.phase === 'reading' ? 'Reading the file…' : 'Choose a CSV file or drop it here'}
        </span>
        <span className="text-muted-foreground text-xs">
          Comma, semicolon or tab separated, up to {MAX_CSV_BYTES / 1024 / 1024} MB
        </span>
        <input
          id={inputId}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
          className="sr-only"
          aria-label="CSV file"
          disabled={flow.phase === 'reading'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void flow.chooseFile(file);
          }}
        />
      </label>
      <FormError>{flow.fileError}</FormError>
    </div>
  );
}

const TITLES = { existing: 'Import CSV', new: 'New table from CSV' } as const;

function CsvImportSteps({
  target,
  onClose,
  onOpenTable,
}: {
  target: ImportTarget;
  onClose: () => void;
  onOpenTable?: (tableId: string) => void;
}) {
  const flow = useCsvImport(target);
  const fields: Field[] = target.kind === 'existing' ? target.fields : [];
  const { phase, report } = flow;
  return (
    <>
      {(phase === 'choose' || phase === 'reading') && <FileDrop flow={flow} />}
      {phase === 'map' && <CsvImportMapping flow={flow} fields={fields} isNewTable={target.kind === 'new'} />}
      {(phase === 'importing' || phase === 'done') && <CsvImportProgress flow={flow} />}
      {phase === 'done' && report && <CsvImportReport flow={flow} report={report} />}
      {phase === 'map' && <FormError>{flow.startError}</FormError>}
      <DialogFooter>
        {phase === 'map' && (
          <>
            <Button variant="outline" onClick={flow.reset}>
              Choose another file
            </Button>
            <Button onClick={() => void flow.start()}>Import</Button>
          </>
        )}
        {phase === 'importing' && (
          <Button variant="outline" onClick={flow.cancel}>
            Cancel import
          </Button>
        )}
        {phase === 'done' && (
          <>
            <Button variant="outline" onClick={flow.reset}>
              Import another file
            </Button>
            {report?.tableId && onOpenTable ? (
              <Button onClick={() => onOpenTable(report.tableId)}>Open table</Button>
            ) : (
              <Button onClick={onClose}>Done</Button>
            )}
          </>
        )}
      </DialogFooter>
    </>
  );
}

/**
 * Imports a CSV file into an existing table (columns mapped onto its fields or new ones) or into a
 * new table. The steps live in their own component so closing the dialog starts the next import fresh.
 */
export function CsvImportDialog({
  open,
  onOpenChange,
  target,
  onOpenTable,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ImportTarget;
  onOpenTable?: (tableId: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={TITLES[target.kind]}
        description="Rows that cannot be read are reported with the reason; the others are imported."
        className="sm:max-w-2xl"
        // An import in flight keeps going until it ends or is cancelled; a stray click must not hide it.
        onInteractOutside={(event) => event.preventDefault()}
      >
        {open && <CsvImportSteps target={target} onClose={() => onOpenChange(false)} onOpenTable={onOpenTable} />}
      </DialogContent>
    </Dialog>
  );
}
