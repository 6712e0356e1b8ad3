import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** Asks before an item leaves the trash for good; closes once the deletion has run, whatever its outcome. */
export function DeleteForeverDialog<T>({
  item,
  describe,
  onClose,
  onDelete,
}: {
  /** The item to delete, or null while the dialog is closed. */
  item: T | null;
  /** What goes with the item, in words. */
  describe(item: T): string;
  onClose(): void;
  onDelete(item: T): Promise<unknown>;
}) {
  const [pending, setPending] = useState(false);
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete forever?"
      description={item !== null ? describe(item) : ''}
      confirmLabel="Delete forever"
      pending={pending}
      onConfirm={async () => {
        if (item === null) return;
        setPending(true);
        await onDelete(item);
        setPending(false);
        onClose();
      }}
    />
  );
}
