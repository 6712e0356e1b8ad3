import type { Field, FieldChangePreview, Table } from '@flowmind/shared/tables';
import { useState } from 'react';
import { showActionToast } from '../../../components/ui/action-toasts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api';
import { alerts } from '../../../shell/alert-store';
import { tablesApi } from '../tables-api';
import { FieldDialog, type FieldDraft } from './field-dialog';

type LossyChange = { field: Field; draft: FieldDraft; preview: FieldChangePreview };

/**
 * Adding, changing and deleting a table's fields: a type change that would lose values waits for a confirmation
 * and can be undone after; `refetchRecords` runs once values may have changed.
 */
export function useFieldChanges({ tableId, refetchRecords }: { tableId: string; refetchRecords: () => void }) {
  const [fieldDialog, setFieldDialog] = useState<{ field: Field | null } | null>(null);
  const [deletingField, setDeletingField] = useState<Field | null>(null);
  const [lossy, setLossy] = useState<LossyChange | null>(null);

  const applyFieldChange = async (field: Field, draft: FieldDraft, confirmLoss: boolean) => {
    await tablesApi.updateField({
      tableId,
      fieldId: field.id,
      input: { name: draft.name, options: draft.options, confirmLoss },
    });
    refetchRecords();
    if (confirmLoss) {
      showActionToast({
        message: `“${draft.name}” changed type; some values were cleared`,
        onAction: () =>
          void tablesApi
            .undoFieldChange({ tableId, fieldId: field.id })
            .then(() => {
              alerts.success('Field change undone');
              refetchRecords();
            })
            .catch((failure) => alerts.error(errorMessage(failure))),
      });
    }
  };

  const saveField = async (draft: FieldDraft) => {
    const options =
      draft.options.type === 'single_select' || draft.options.type === 'multi_select'
        ? { ...draft.options, choices: draft.options.choices.filter((choice) => choice.name.trim()) }
        : draft.options;
    const clean = { ...draft, options };
    const field = fieldDialog?.field;
    if (!field) {
      await tablesApi.createField({ tableId, input: clean });
      return;
    }
    if (field.type !== options.type) {
      const preview = await tablesApi.previewField({ tableId, fieldId: field.id, options });
      if (preview.lost > 0) {
        setLossy({ field, draft: clean, preview });
        return;
      }
    }
    try {
      await applyFieldChange(field, clean, false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        const preview = await tablesApi.previewField({ tableId, fieldId: field.id, options });
        setLossy({ field, draft: clean, preview });
        return;
      }
      throw failure;
    }
  };

  return {
    /** Opens the field dialog on a field, or on a new one with null. */
    editField: (field: Field | null) => setFieldDialog({ field }),
    deleteField: (field: Field) => setDeletingField(field),
    tableId,
    refetchRecords,
    fieldDialog,
    setFieldDialog,
    deletingField,
    setDeletingField,
    lossy,
    setLossy,
    applyFieldChange,
    saveField,
  };
}

/** The dialogs of `useFieldChanges`: the field's form, the warning before values are lost, the delete check. */
export function FieldChangeDialogs({
  changes,
  fields,
  tables,
}: {
  changes: ReturnType<typeof useFieldChanges>;
  fields: Field[];
  /** The account's other tables, which a link field may point to. */
  tables: Table[];
}) {
  const { tableId, refetchRecords, fieldDialog, setFieldDialog, deletingField, setDeletingField, lossy, setLossy } =
    changes;
  return (
    <>
      <FieldDialog
        open={fieldDialog !== null}
        onOpenChange={(open) => !open && setFieldDialog(null)}
        field={fieldDialog?.field ?? null}
        fields={fields}
        tables={tables}
        onSave={changes.saveField}
      />
      <ConfirmDialog
        open={lossy !== null}
        onOpenChange={(open) => !open && setLossy(null)}
        title="Change the field type?"
        description={
          lossy
            ? `${lossy.preview.lost.toLocaleString()} ${lossy.preview.lost === 1 ? 'value' : 'values'} will be lost; ${lossy.preview.converted.toLocaleString()} will be converted. You can undo right after.`
            : ''
        }
        confirmLabel="Change type"
        onConfirm={() => {
          const change = lossy;
          setLossy(null);
          if (change)
            void changes
              .applyFieldChange(change.field, change.draft, true)
              .catch((failure) => alerts.error(errorMessage(failure)));
        }}
      />
      <ConfirmDialog
        open={deletingField !== null}
        onOpenChange={(open) => !open && setDeletingField(null)}
        title="Delete field?"
        description={deletingField ? `“${deletingField.name}” and its value in every record will be deleted.` : ''}
        confirmLabel="Delete field"
        onConfirm={() => {
          const field = deletingField;
          setDeletingField(null);
          if (field)
            void tablesApi
              .deleteField({ tableId, fieldId: field.id })
              .then(() => refetchRecords())
              .catch((failure) => alerts.error(errorMessage(failure)));
        }}
      />
    </>
  );
}
