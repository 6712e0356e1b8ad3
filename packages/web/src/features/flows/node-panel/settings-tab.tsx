import { isTrigger, type NodeIssue, stepType } from '@flowmind/shared/flow-steps';
import type { Flow, FlowNode } from '@flowmind/shared/flows';
import { CircleAlert } from 'lucide-react';
import { ErrorSettings } from './error-settings';
import { ParamField } from './param-field';
import { issuesByField, visibleFields, withParam, withSettings } from './param-form-logic';
import { TriggerAddress } from './trigger-address';

/** The step's form, drawn from its type's fields, then its error and retry settings. */
export function SettingsTab({
  node,
  flow,
  flowId,
  accountId,
  issues,
  readOnly,
  onChange,
}: {
  node: FlowNode;
  flow?: Flow;
  flowId: string;
  accountId: string;
  issues: readonly NodeIssue[];
  readOnly?: boolean;
  onChange(node: FlowNode): void;
}) {
  const info = stepType(node.type);
  const fields = visibleFields(node);
  const { byField, general } = issuesByField(issues, node);
  return (
    <div className="grid gap-5 p-4">
      {general.length > 0 && (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 text-[13px] text-destructive"
        >
          {general.map((message) => (
            <p key={message} className="flex items-start gap-1.5">
              <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {message}
            </p>
          ))}
        </div>
      )}
      <TriggerAddress node={node} flow={flow} readOnly={readOnly} />
      {!info && <p className="text-muted-foreground text-sm">This step type is unknown to this version of Flowmind.</p>}
      {info && fields.length === 0 && <p className="text-muted-foreground text-sm">This step has nothing to set up.</p>}
      {fields.map((field) => (
        <ParamField
          key={field.key}
          field={field}
          node={node}
          accountId={accountId}
          flowId={flowId}
          errors={byField.get(field.key) ?? []}
          disabled={readOnly}
          onChange={(value) => onChange(withParam(node, field.key, value))}
        />
      ))}
      {info && !isTrigger(node.type) && (
        <ErrorSettings node={node} disabled={readOnly} onChange={(change) => onChange(withSettings(node, change))} />
      )}
    </div>
  );
}
