import type { Flow, FlowNode } from '@flowmind/shared/flows';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The address that starts the flow: the webhook URL or the inbound email address, with a copy button. */
export function TriggerAddress({ node, flow }: { node: FlowNode; flow?: Flow }) {
  if (!flow) return null;
  if (node.type === 'trigger.webhook')
    return (
      <AddressRow
        label="Webhook URL"
        value={`${window.location.origin}/api/hooks/${flow.webhook_id}`}
        help="Calls work once the flow is published and on. Any path below this URL reaches the flow too."
      />
    );
  if (node.type === 'trigger.email' && flow.email_address)
    return (
      <AddressRow
        label="Email address"
        value={flow.email_address}
        help="Mail sent here starts the flow once it is published and on."
      />
    );
  return null;
}

function AddressRow({ label, value, help }: { label: string; value: string; help: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="grid gap-1.5 rounded-lg border border-primary/20 bg-primary-soft/60 p-3">
      <p className="font-medium text-[13px]">{label}</p>
      <div className="flex items-center gap-1.5">
        <code className="min-w-0 flex-1 select-all break-all rounded bg-background px-2 py-1.5 font-mono text-[12px]">
          {value}
        </code>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        </Button>
      </div>
      <p className="text-[12px] text-muted-foreground">{help}</p>
    </div>
  );
}
