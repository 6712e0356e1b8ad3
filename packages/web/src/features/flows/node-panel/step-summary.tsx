import type { ExecutionStep } from '@flowmind/shared/flows';
import { Badge } from '../../../components/ui/badge';

const STATUS_TONES = {
  started: 'primary',
  succeeded: 'success',
  failed: 'danger',
  running: 'primary',
  waiting: 'primary',
  cancelled: 'neutral',
} as const;

/** "2 attempts"; for a step still in flight, which attempt it is on, since more may follow. */
export function attemptsText(step: Pick<ExecutionStep, 'status' | 'attempts'>): string {
  if (step.status === 'started') return `attempt ${step.attempts}, in flight`;
  return `${step.attempts} ${step.attempts === 1 ? 'attempt' : 'attempts'}`;
}

/** A step run's status, time, attempts and error, above its data. */
export function StepSummary({ step }: { step: ExecutionStep }) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2 text-[13px]">
        <Badge tone={STATUS_TONES[step.status]}>{step.status}</Badge>
        {step.durationMs !== null && <span className="text-muted-foreground">{formatDuration(step.durationMs)}</span>}
        <span className="text-muted-foreground">{attemptsText(step)}</span>
        {step.runIndex > 0 && <span className="text-muted-foreground">run {step.runIndex + 1}</span>}
      </div>
      {step.error && (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 text-[13px] text-destructive"
        >
          {step.error}
        </p>
      )}
    </div>
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
