import { testEmailAddress, testWebhookPath } from '@flowmind/shared/flow-test-data';
import type { Flow, FlowNode } from '@flowmind/shared/flows';
import { integrationTriggerOf } from '@flowmind/shared/integrations/define-integration';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TestListen } from '../test-data/test-listen';
import { IntegrationTriggerStatus } from './integration-trigger-status';

/**
 * The addresses that start the flow, each with a copy button: the production one (published flow)
 * and the test one, which answers only while the editor listens for a test call.
 */
export function TriggerAddress({ node, flow, readOnly }: { node: FlowNode; flow?: Flow; readOnly?: boolean }) {
  if (!flow) return null;
  if (integrationTriggerOf(node.type))
    return (
      <div className="grid gap-3">
        <IntegrationTriggerStatus flow={flow} />
        <TestListen node={node} flowId={flow.id} readOnly={readOnly} />
      </div>
    );
  if (node.type === 'trigger.webhook')
    return (
      <div className="grid gap-3">
        <AddressRow
          label="Production URL"
          value={`${window.location.origin}/api/hooks/${flow.webhookId}`}
          help="Calls work once the flow is published and on. Any path below this URL reaches the flow too."
        />
        <AddressRow
          label="Test URL"
          value={`${window.location.origin}${testWebhookPath(flow.webhookId)}`}
          help="Answers one call while you listen for a test call, published or not."
          tone="muted"
        />
        <TestListen node={node} flowId={flow.id} readOnly={readOnly} />
      </div>
    );
  if (node.type === 'trigger.email' && flow.emailAddress)
    return (
      <div className="grid gap-3">
        <AddressRow
          label="Email address"
          value={flow.emailAddress}
          help="Mail sent here starts the flow once it is published and on."
        />
        <AddressRow
          label="Test address"
          value={testEmailAddress(flow.emailAddress)}
          help="Takes one email while you listen for a test email, published or not."
          tone="muted"
        />
        <TestListen node={node} flowId={flow.id} readOnly={readOnly} />
      </div>
    );
  return null;
}

function AddressRow({
  label,
  value,
  help,
  tone = 'primary',
}: {
  label: string;
  value: string;
  help: string;
  tone?: 'primary' | 'muted';
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div
      className={
        tone === 'primary'
          ? 'grid gap-1.5 rounded-lg border border-primary/20 bg-primary-soft/60 p-3'
          : 'grid gap-1.5 rounded-lg border bg-muted/50 p-3'
      }
    >
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
