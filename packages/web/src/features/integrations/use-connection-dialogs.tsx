import { type IntegrationConnection, RenameConnection } from '@flowmind/shared/integrations';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NameDialog } from '../../components/ui/name-dialog';
import { errorMessage } from '../../lib/api';
import type { IntegrationActions } from './integrations-api';

const nameSchema = RenameConnection.shape.name;

/**
 * The rename and disconnect dialogs of a card's connections, and the calls that open them. The texts take
 * null too: a dialog keeps showing them while it closes, after its connection is let go.
 */
export function useConnectionDialogs({
  noun,
  actions,
  disconnectTitle,
  disconnectDescription,
}: {
  /** What the rename dialog calls a connection once it has none. */
  noun: string;
  actions: IntegrationActions;
  disconnectTitle(connection: IntegrationConnection | null): string;
  disconnectDescription(connection: IntegrationConnection | null): string;
}) {
  const [renaming, setRenaming] = useState<IntegrationConnection | null>(null);
  const [removing, setRemoving] = useState<IntegrationConnection | null>(null);
  const dialogs = (
    <>
      <NameDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title={`Rename ${renaming?.name ?? noun}`}
        submitLabel="Rename"
        initialName={renaming?.name}
        schema={nameSchema}
        onSubmit={(name) =>
          renaming ? actions.rename.mutateAsync({ connectionId: renaming.id, name }) : Promise.resolve()
        }
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            actions.disconnect.reset();
            setRemoving(null);
          }
        }}
        title={disconnectTitle(removing)}
        description={disconnectDescription(removing)}
        confirmLabel="Disconnect"
        pending={actions.disconnect.isPending}
        error={actions.disconnect.error ? errorMessage(actions.disconnect.error) : null}
        onConfirm={() => removing && actions.disconnect.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </>
  );
  return { rename: setRenaming, disconnect: setRemoving, dialogs };
}
