import type { Flow } from '@flowmind/shared/flows';
import type { IntegrationTriggerStatus as Status } from '@flowmind/shared/integrations/define-integration';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Which way an integration trigger hears of new events, and why it stopped if it did. */
function describe(status: Status): { title: string; help: string } {
  const how =
    status.mode === 'events'
      ? 'The service sends each event to Flowmind as it happens.'
      : 'Flowmind reads the service every minute; each new item starts one run.';
  const title = status.mode === 'events' ? 'Listens for events' : 'Checks every minute';
  if (!status.listening) return { title, help: `${how} It starts once the flow is published and on.` };
  if (status.status === 'stopped') return { title: 'Stopped', help: status.message ?? 'This trigger stopped.' };
  return { title, help: status.message ? `${how} Last check: ${status.message}` : how };
}

/** Under an integration trigger's form: events or polling, listening or stopped, for the flow as published. */
export function IntegrationTriggerStatus({ flow }: { flow: Flow }) {
  const query = useQuery({
    queryKey: ['flow-trigger-status', flow.id, flow.publishedVersion, flow.active, flow.revision],
    queryFn: () => api<Status>(`/api/flows/${encodeURIComponent(flow.id)}/trigger-status`),
    refetchInterval: 30_000,
  });
  const status = query.data;
  if (!status?.mode) return null;
  const { title, help } = describe(status);
  const stopped = status.status === 'stopped';
  return (
    <div
      role="status"
      className={
        stopped
          ? 'grid gap-1 rounded-lg border border-destructive/30 bg-destructive/5 p-3'
          : 'grid gap-1 rounded-lg border bg-muted/50 p-3'
      }
    >
      <p className="font-medium text-[13px]">{title}</p>
      <p className="text-[12px] text-muted-foreground">{help}</p>
    </div>
  );
}
