import type { Flow } from '@flowmind/shared/flows';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { alerts } from '../../../shell/alert-store';
import { flowApi } from '../flow-api';

export const PUBLISH_FIRST = 'Publish the flow first';

/**
 * Turns a published flow's triggers on or off. A flow never published has nothing to turn on (the API answers
 * 409), so its switch stays off and says why when pressed.
 */
export function ActiveSwitch({ flow, onChanged }: { flow: Flow; onChanged: () => void }) {
  const [pending, setPending] = useState<boolean | null>(null);
  const hintId = useId();
  const published = flow.publishedVersion !== null;
  const checked = pending ?? (published && flow.active);

  async function toggle() {
    if (!published) {
      alerts.info(`${PUBLISH_FIRST}: open "${flow.name}" and press Publish, then turn it on here.`);
      return;
    }
    const next = !checked;
    setPending(next);
    try {
      await flowApi.setActive({ flowId: flow.id, active: next });
      alerts.success(next ? `"${flow.name}" is on` : `"${flow.name}" is off`);
    } catch (failure) {
      alerts.error(errorMessage(failure));
      setPending(null);
    } finally {
      onChanged();
    }
  }

  // The switch shows the new state from the click until the flow itself says so (no flicker back meanwhile).
  const active = flow.active;
  useEffect(() => {
    if (active !== undefined) setPending(null);
  }, [active]);

  // Not aria-disabled: pressing it still answers, with why it cannot turn on.
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={`Active: ${flow.name}`}
        aria-describedby={published ? undefined : hintId}
        title={published ? (checked ? 'On: triggers start the flow' : 'Off') : PUBLISH_FIRST}
        onClick={(event) => {
          event.stopPropagation();
          void toggle();
        }}
        className={cn(
          'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          checked ? 'bg-primary' : 'bg-border',
          !published && 'cursor-help opacity-60',
          pending !== null && 'opacity-70',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'pointer-events-none block size-4 rounded-full bg-background shadow-sm transition-transform',
            checked ? 'translate-x-4' : 'translate-x-0',
          )}
        />
      </button>
      {!published && (
        <span id={hintId} className="sr-only">
          {PUBLISH_FIRST}
        </span>
      )}
    </>
  );
}
