import { CircleCheck, CircleX } from 'lucide-react';
import { Spinner } from '../../shell/spinner';
import type { HandleCheck } from './use-handle-availability';

/** The live line under a handle field: the normalised handle and whether it is free. */
export function HandleStatus({ check, idleHint }: { check: HandleCheck; idleHint: string }) {
  return (
    <span aria-live="polite" className="flex min-h-5 items-center gap-1.5">
      {check.state === 'empty' && idleHint}
      {check.state === 'checking' && (
        <>
          <Spinner className="size-3.5" />
          Checking <span className="font-mono text-foreground">{check.handle}</span>…
        </>
      )}
      {check.state === 'available' && (
        <>
          <CircleCheck className="size-3.5 text-success" aria-hidden="true" />
          <span>
            <span className="font-mono text-foreground">{check.handle}</span> is available
          </span>
        </>
      )}
      {check.state === 'unavailable' && (
        <>
          <CircleX className="size-3.5 shrink-0 text-destructive" aria-hidden="true" />
          <span className="text-destructive">
            {check.handle && <span className="font-mono">{check.handle}</span>}
            {check.handle && ': '}
            {check.reason}
          </span>
        </>
      )}
    </span>
  );
}
