import { AlertTriangle, CheckCircle2, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { CsvImport, ImportReport } from './use-csv-import';

const FAILURES_SHOWN = 200;
const rows = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}`;

/** Step three: how far the upload has come, with a way to stop it between chunks. */
export function CsvImportProgress({ flow }: { flow: CsvImport }) {
  const { sent, total } = flow.progress;
  const percent = total === 0 ? 0 : Math.round((sent / total) * 100);
  return (
    <div className="grid gap-3">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
        {sent === 0 && total > 0 ? 'Preparing fields…' : `${sent.toLocaleString()} of ${rows(total)} sent`}
      </p>
    </div>
  );
}

function downloadCsv(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Summary({ report }: { report: ImportReport }) {
  const failedRows = new Set(report.failures.map((failure) => failure.row)).size;
  const clean = failedRows === 0 && !report.error && report.notSent === 0;
  const Icon = clean ? CheckCircle2 : AlertTriangle;
  return (
    <div className="flex items-start gap-2 text-sm">
      <Icon className={clean ? 'mt-0.5 size-4 text-success' : 'mt-0.5 size-4 text-warning'} aria-hidden="true" />
      <div className="grid gap-0.5">
        <p className="font-medium" data-testid="import-summary">
          {rows(report.imported)} imported, {rows(failedRows)} failed
        </p>
        {report.cancelled && <p className="text-muted-foreground">Cancelled: {rows(report.notSent)} not imported.</p>}
        {report.error && (
          <p className="text-destructive" role="alert">
            {report.error}
            {report.notSent > 0 ? ` ${rows(report.notSent)} not imported.` : ''}
          </p>
        )}
      </div>
    </div>
  );
}

/** Step four: what was imported, and every failed row with its field and reason. */
export function CsvImportReport({ flow, report }: { flow: CsvImport; report: ImportReport }) {
  const shown = report.failures.slice(0, FAILURES_SHOWN);
  return (
    <div className="grid min-w-0 gap-3">
      <Summary report={report} />
      {report.failures.length > 0 && (
        <>
          <div className="max-h-64 overflow-auto rounded-lg border">
            <table className="w-full border-collapse text-[13px]" aria-label="Failed rows">
              <thead className="sticky top-0 bg-muted text-left text-xs">
                <tr>
                  <th scope="col" className="px-2 py-1 font-medium">
                    Row
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    Field
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((failure) => (
                  <tr key={`${failure.row}-${failure.fieldId}`} className="border-t">
                    <td className="px-2 py-1 tabular-nums">{failure.row}</td>
                    <td className="px-2 py-1">{failure.fieldName ?? '—'}</td>
                    <td className="px-2 py-1 text-muted-foreground">{failure.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.failures.length > shown.length && (
            <p className="text-muted-foreground text-xs">
              Showing {shown.length} of {report.failures.length.toLocaleString()} problems; the download has every
              failed row.
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              downloadCsv(flow.failedRowsCsv(), `${(flow.file?.name ?? 'import').replace(/\.[^.]+$/, '')}-failed.csv`)
            }
          >
            <Download aria-hidden="true" />
            Download failed rows
          </Button>
        </>
      )}
    </div>
  );
}
