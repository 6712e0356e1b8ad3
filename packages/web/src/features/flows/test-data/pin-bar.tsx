import type { PinnedOutput, StepOutput } from '@flowmind/shared/flow-test-data';
import { Pin, PinOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { alerts } from '../../../shell/alert-store';
import { usePinActions } from './test-data-api';

/**
 * Pin the output shown (runs from the editor then use it instead of running the step), or, when
 * pinned, say so with Unpin. Published runs never use pins.
 */
export function PinBar({
  flowId,
  nodeId,
  pinned,
  output,
  readOnly,
}: {
  flowId: string;
  nodeId: string;
  pinned: PinnedOutput | undefined;
  /** The output of the run shown, which Pin keeps; none when the step has not run. */
  output: StepOutput | null;
  readOnly?: boolean;
}) {
  const { pin, unpin } = usePinActions(flowId);
  if (pinned)
    return (
      <div
        data-testid="pinned-output"
        className="flex flex-wrap items-center gap-2 rounded-md border border-primary/25 bg-primary-soft/60 px-3 py-2 text-[13px]"
      >
        <Pin className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <strong className="font-medium">Pinned output.</strong>{' '}
          <span className="text-muted-foreground">Runs from the editor use it instead of running this step.</span>
        </span>
        {!readOnly && (
          <Button
            variant="outline"
            size="sm"
            disabled={unpin.isPending}
            onClick={() =>
              unpin.mutate({ nodeId }, { onError: (failure) => alerts.error(errorMessage(failure, 'Could not unpin')) })
            }
          >
            <PinOff aria-hidden="true" /> Unpin
          </Button>
        )}
      </div>
    );
  if (readOnly || !output) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start"
      disabled={pin.isPending}
      title="Keep this output: runs from the editor use it instead of running this step"
      onClick={() =>
        pin.mutate(
          { nodeId, output },
          { onError: (failure) => alerts.error(errorMessage(failure, 'Could not pin this output')) },
        )
      }
    >
      <Pin aria-hidden="true" /> Pin
    </Button>
  );
}
