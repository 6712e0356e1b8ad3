import type { FlowNode } from '@flowmind/shared/flows';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { alerts } from '../../../shell/alert-store';
import { useCanvasActions } from './editor-context';

/** Where the outside world reaches a trigger: the webhook's URL, the email trigger's address. */
export function triggerAddress(
  node: Pick<FlowNode, 'type'>,
  flow: { webhookId: string; emailAddress: string } | null,
): { label: string; value: string } | null {
  if (!flow) return null;
  if (node.type === 'trigger.webhook')
    return { label: 'Webhook URL', value: `${location.origin}/api/hooks/${flow.webhookId}` };
  // Without an inbound mail domain configured the server gives no address.
  if (node.type === 'trigger.email' && flow.emailAddress) return { label: 'Email address', value: flow.emailAddress };
  return null;
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      onClick={(event) => {
        event.stopPropagation();
        navigator.clipboard
          .writeText(value)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          })
          .catch(() => alerts.error('Could not copy. Select the text and copy it yourself.'));
      }}
      className="nodrag flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground"
    >
      {copied ? (
        <Check className="size-3.5 text-emerald-600" aria-hidden="true" />
      ) : (
        <Copy className="size-3.5" aria-hidden="true" />
      )}
    </button>
  );
}

/** Shown under a webhook or email trigger on the canvas, so the address is at hand where the flow starts. */
export function TriggerInfo({ node }: { node: FlowNode }) {
  const { flow } = useCanvasActions();
  const address = triggerAddress(node, flow);
  if (!address) return null;
  return (
    <div className="nodrag nopan absolute top-full left-0 mt-2 flex w-full cursor-default items-center gap-1 rounded-lg border bg-background/95 py-1 pr-1 pl-2 shadow-sm">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-[10px] text-muted-foreground uppercase tracking-wide">{address.label}</p>
        <p className="select-all truncate font-mono text-[11px]" title={address.value} data-testid="trigger-address">
          {address.value}
        </p>
      </div>
      <CopyButton value={address.value} label={address.label} />
    </div>
  );
}
