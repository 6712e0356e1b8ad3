import { z } from 'zod';
import type { ParamField, ParamIssue, StepTypeInfo } from '../flow-steps';
import type { NodeSettings } from '../flows';
import type { IntegrationProviderId } from '../integrations';

/**
 * The part of an integration both sides read: what each action asks for (its form fields and the
 * zod schema its evaluated params must pass), its docs and whether it writes. The server adds
 * `run` in `packages/server/src/integrations/<provider>/`; the flow step catalogue, the editor's
 * forms and the assistant's tools are generated from this.
 */
export type IntegrationActionInfo<Input extends z.ZodType = z.ZodType> = {
  /** camelCase; the step type is `<provider>.<name>` (`slack.sendMessage`). */
  name: string;
  label: string;
  description: string;
  /** A lucide icon in kebab case, bundled by the editor's STEP_ICONS. */
  icon: string;
  /** The form, after the connection picker every action gets first. */
  fields: readonly ParamField[];
  /** The params once expressions are evaluated; its keys are the fields' keys. */
  input: Input;
  docs: string;
  /** It changes something at the provider: an agent asks before it runs, as with other writing tools. */
  writes: boolean;
  settings?: NodeSettings;
  /** Rules across fields, checked in the editor and at publish (`StepTypeInfo.validate`). */
  validate?: (params: Record<string, unknown>) => ParamIssue[];
};

/**
 * What a trigger asks for: a flow that starts on an event in the connected service (a Slack
 * message, a Notion database item). The server adds `poll` (and, where the provider pushes
 * events, a webhook) in `packages/server/src/integrations/<provider>/`.
 */
export type IntegrationTriggerInfo<Input extends z.ZodType = z.ZodType> = {
  /** camelCase; the step type is `trigger.<provider>.<name>` (`trigger.slack.newMessage`). */
  name: string;
  label: string;
  description: string;
  icon: string;
  /** The form, after the connection picker every trigger gets first. */
  fields: readonly ParamField[];
  /** The params (no expressions in a trigger); its keys are the fields' keys. */
  input: Input;
  docs: string;
  validate?: (params: Record<string, unknown>) => ParamIssue[];
};

export type IntegrationInfo = {
  provider: IntegrationProviderId;
  label: string;
  actions: readonly IntegrationActionInfo[];
  triggers?: readonly IntegrationTriggerInfo[];
};

/** The param every action's step has: which of the account's connections it acts through. */
export const CONNECTION_PARAM = 'connectionId';

export const actionStepType = (provider: string, action: string) => `${provider}.${action}`;

/** A trigger's step type: `trigger.slack.newMessage` (every trigger's type starts with `trigger.`). */
export const triggerStepType = (provider: string, trigger: string) => `trigger.${provider}.${trigger}`;

/** The provider and trigger name of an integration trigger's step type, or null for any other type. */
export function integrationTriggerOf(type: string): { provider: string; name: string } | null {
  const match = /^trigger\.([a-z][a-z0-9_]*)\.([a-zA-Z][a-zA-Z0-9]*)$/.exec(type);
  return match ? { provider: match[1] as string, name: match[2] as string } : null;
}

/** The assistant's name for an action: `slack_send_message`. */
export const actionToolName = (provider: string, action: string) =>
  `${provider}_${action.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;

export function defineIntegrationInfo<const Info extends IntegrationInfo>(info: Info): Info {
  return info;
}

export function defineActionInfo<Input extends z.ZodType>(info: IntegrationActionInfo<Input>) {
  return info;
}

export function defineTriggerInfo<Input extends z.ZodType>(info: IntegrationTriggerInfo<Input>) {
  return info;
}

const connectionField = (info: IntegrationInfo, help: string): ParamField => ({
  key: CONNECTION_PARAM,
  label: 'Connection',
  kind: 'connection',
  providers: [info.provider],
  required: true,
  help,
});

/** The flow steps of an integration: one trigger per trigger, one step per action. */
export function integrationStepTypes(info: IntegrationInfo): StepTypeInfo[] {
  const triggers: StepTypeInfo[] = (info.triggers ?? []).map((trigger) => ({
    type: triggerStepType(info.provider, trigger.name),
    group: 'trigger',
    label: `${info.label}: ${trigger.label}`,
    description: trigger.description,
    icon: trigger.icon,
    fields: [
      connectionField(info, `The ${info.label} connection of this account the flow listens through.`),
      ...trigger.fields,
    ],
    inputs: [],
    outputs: () => ['main'],
    docs: trigger.docs,
    ...(trigger.validate ? { validate: trigger.validate } : {}),
  }));
  const actions: StepTypeInfo[] = info.actions.map((action) => ({
    type: actionStepType(info.provider, action.name),
    group: 'action',
    label: `${info.label}: ${action.label}`,
    description: action.description,
    icon: action.icon,
    fields: [
      connectionField(info, `The ${info.label} connection of this account the step acts through.`),
      ...action.fields,
    ],
    inputs: ['main'],
    outputs: () => ['main'],
    docs: action.docs,
    ...(action.settings ? { settings: action.settings } : {}),
    ...(action.validate ? { validate: action.validate } : {}),
  }));
  return [...triggers, ...actions];
}

/** One entry of a list a live connection gives (Slack channels, users) for the editor's pickers. */
export const ConnectionOption = z.object({ value: z.string(), label: z.string() });
export type ConnectionOption = z.infer<typeof ConnectionOption>;

export const ConnectionOptionsResponse = z.object({ options: z.array(ConnectionOption) });
export type ConnectionOptionsResponse = z.infer<typeof ConnectionOptionsResponse>;

/** A list's name in the options route (`channels`, `users`). */
export const ConnectionOptionList = z.string().regex(/^[a-z][A-Za-z]{0,39}$/, 'Give a list name such as channels');

/** How a flow's integration trigger listens, for the editor (`GET /api/flows/{flowId}/trigger-status`). */
export const IntegrationTriggerStatus = z.object({
  /** `events`: the service sends each event at once; `polling`: it is read every minute; null: not an integration trigger. */
  mode: z.enum(['events', 'polling']).nullable(),
  /** Whether the published, active flow listens now. */
  listening: z.boolean(),
  /** `stopped`: until the reason in `message` is dealt with (a connection to reconnect). */
  status: z.enum(['listening', 'stopped']).nullable(),
  /** Why it stopped, or what the last poll ran into. */
  message: z.string().nullable(),
  lastPolledAt: z.string().nullable(),
});
export type IntegrationTriggerStatus = z.infer<typeof IntegrationTriggerStatus>;
