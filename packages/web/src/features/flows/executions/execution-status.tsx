import type { ExecutionStatus } from '@flowmind/shared/flows';
import { Ban, CheckCircle2, Clock, Hourglass, LoaderCircle, type LucideIcon, XCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { EXECUTION_STATUS_LABELS } from './execution-format';

const LOOKS: Record<ExecutionStatus, { tone: 'neutral' | 'primary' | 'success' | 'danger'; icon: LucideIcon }> = {
  queued: { tone: 'neutral', icon: Clock },
  running: { tone: 'primary', icon: LoaderCircle },
  waiting: { tone: 'neutral', icon: Hourglass },
  succeeded: { tone: 'success', icon: CheckCircle2 },
  failed: { tone: 'danger', icon: XCircle },
  cancelled: { tone: 'neutral', icon: Ban },
};

export function ExecutionStatusBadge({ status }: { status: ExecutionStatus }) {
  const { tone, icon: Icon } = LOOKS[status];
  return (
    <Badge tone={tone}>
      <Icon className={status === 'running' ? 'size-3 animate-spin' : 'size-3'} aria-hidden="true" />
      {EXECUTION_STATUS_LABELS[status]}
    </Badge>
  );
}
