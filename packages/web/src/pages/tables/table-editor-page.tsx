import { Table2 } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { TableEditor } from '../../features/tables/editor/table-editor';
import { useTable } from '../../features/tables/use-tables';
import { ApiError } from '../../lib/api';

/** `/tables/{id}`: the table editor, or a note when the table is gone or not the reader's. */
export function TableEditorPage() {
  const tableId = useParams().id as string;
  usePageHeader({ title: 'Table' });
  const table = useTable(tableId);
  if (table.error instanceof ApiError && table.error.status === 404) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-surface p-4">
        <EmptyState
          icon={Table2}
          title="Table not found"
          description="It may have been deleted, or it belongs to an account you are not in."
          className="w-full max-w-lg"
        >
          <ButtonLink to="/tables">Back to Tables</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  return <TableEditor key={tableId} tableId={tableId} table={table} />;
}
