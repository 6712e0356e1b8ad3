import type { Field } from '@flowmind/shared/tables';
import { ListTree } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/input';
import { isGroupable } from '../grid/grid-groups';
import { ToolbarPopover } from './view-toolbar';

/** Chooses the field a grid groups its records by (saved in the view), and collapses or expands every group. */
export function GroupPopover({
  fields,
  groupByFieldId,
  onChange,
  onCollapseAll,
  onExpandAll,
}: {
  fields: Field[];
  groupByFieldId: string | null;
  onChange: (groupByFieldId: string | null) => void;
  onCollapseAll: () => void;
  onExpandAll: () => void;
}) {
  const groupable = fields.filter(isGroupable);
  const current = groupable.find((field) => field.id === groupByFieldId);
  return (
    <ToolbarPopover label="Group" icon={ListTree} count={current ? 1 : 0}>
      {() => (
        <>
          <div className="grid gap-1.5 text-sm">
            <p className="font-medium">Group records by</p>
            <NativeSelect
              size="sm"
              aria-label="Group by field"
              value={current?.id ?? ''}
              onChange={(event) => onChange(event.target.value || null)}
            >
              <option value="">None</option>
              {groupable.map((field) => (
                <option key={field.id} value={field.id}>
                  {field.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          {current ? (
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={onCollapseAll}>
                Collapse all
              </Button>
              <Button size="sm" variant="outline" onClick={onExpandAll}>
                Expand all
              </Button>
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">
              Records in each group keep the view’s sort; empty values come last.
            </p>
          )}
        </>
      )}
    </ToolbarPopover>
  );
}
