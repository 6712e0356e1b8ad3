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

export type IntegrationInfo = {
  provider: IntegrationProviderId;
  label: string;
  actions: readonly IntegrationActionInfo[];
};

/** The param every action's step has: which of the account's connections it acts through. */
export const CONNECTION_PARAM = 'connectionId';

export const actionStepType = (provider: string, action: string) => `${provider}.${action}`;

/** The assistant's name for an action: `slack_send_message`. */
export const actionToolName = (provider: string, action: string) =>
  `${provider}_${action.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;

export function defineIntegrationInfo<const Info extends IntegrationInfo>(info: Info): Info {
  return info;
}

export function defineActionInfo<Input extends z.ZodType>(info: IntegrationActionInfo<Input>) {
  return info;
}

/** The flow steps of an integration, one per action. */
export function integrationStepTypes(info: IntegrationInfo): StepTypeInfo[] {
  return info.actions.map((action) => ({
    type: actionStepType(info.provider, action.name),
    group: 'action',
    label: `${info.label}: ${action.label}`,
    description: action.description,
    icon: action.icon,
    fields: [
      {
        key: CONNECTION_PARAM,
        label: 'Connection',
        kind: 'connection',
        providers: [info.provider],
        required: true,
        help: `The ${info.label} connection of this account the step acts through.`,
      },
      ...action.fields,
    ],
    inputs: ['main'],
    outputs: () => ['main'],
    docs: action.docs,
    ...(action.settings ? { settings: action.settings } : {}),
    ...(action.validate ? { validate: action.validate } : {}),
  }));
}

/** One entry of a list a live connection gives (Slack channels, users) for the editor's pickers. */
export const ConnectionOption = z.object({ value: z.string(), label: z.string() });
export type ConnectionOption = z.infer<typeof ConnectionOption>;

export const ConnectionOptionsResponse = z.object({ options: z.array(ConnectionOption) });
export type ConnectionOptionsResponse = z.infer<typeof ConnectionOptionsResponse>;

/** A list's name in the options route (`channels`, `users`). */
export const ConnectionOptionList = z.string().regex(/^[a-z][A-Za-z]{0,39}$/, 'Give a list name such as channels');
