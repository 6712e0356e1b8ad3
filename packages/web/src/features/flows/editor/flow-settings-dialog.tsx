import type { Flow, SaveExecutions } from '@flowmind/shared/flows';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormError } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { flowApi } from '../flow-api';

const SAVE_OPTIONS: { value: SaveExecutions; label: string; hint: string }[] = [
  { value: 'all', label: 'All', hint: 'Every run from the flow’s trigger is kept with its steps’ data.' },
  {
    value: 'failures',
    label: 'Only failures',
    hint: 'A run that fails is kept in full; a run that succeeds is not kept.',
  },
  {
    value: 'none',
    label: 'None',
    hint: 'No run from the trigger is kept. Fastest for busy webhooks; failures leave no trace here.',
  },
];

/** The flow's own settings: which runs from its trigger are kept (takes effect at once). */
export function FlowSettingsDialog({
  flow,
  open,
  onOpenChange,
}: {
  flow: Flow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = SAVE_OPTIONS.find((option) => option.value === flow.saveExecutions) ?? SAVE_OPTIONS[0];
  const change = async (value: SaveExecutions) => {
    setPending(true);
    setError(null);
    try {
      await flowApi.setSaveExecutions({ flowId: flow.id, saveExecutions: value });
    } catch (failure) {
      setError(errorMessage(failure, 'Could not change the setting'));
    } finally {
      setPending(false);
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Flow settings"
      description="These apply to the published flow at once."
    >
      {(close) => (
        <div className="grid gap-4">
          <div className="grid gap-1.5 text-sm">
            <label htmlFor="flow-save-executions" className="font-medium">
              Save executions
            </label>
            <NativeSelect
              id="flow-save-executions"
              className="w-full"
              value={flow.saveExecutions}
              disabled={pending}
              aria-describedby="flow-save-executions-hint"
              onChange={(event) => void change(event.target.value as SaveExecutions)}
            >
              {SAVE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
            <p id="flow-save-executions-hint" className="text-muted-foreground text-xs">
              {current?.hint} Runs you start from the editor are always kept.
            </p>
          </div>
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Done
            </Button>
          </DialogFooter>
        </div>
      )}
    </FormDialog>
  );
}
