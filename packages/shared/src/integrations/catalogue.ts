import type { StepTypeInfo } from '../flow-steps';
import { actionToolName, type IntegrationInfo, integrationStepTypes } from './define-integration';
import { googleInfo } from './google';
import { linkedinInfo } from './linkedin';
import { notionInfo } from './notion';
import { slackInfo } from './slack';
import { xInfo } from './x';

/** Every integration whose actions are flow steps and agent tools. */
export const INTEGRATIONS: readonly IntegrationInfo[] = [slackInfo, notionInfo, googleInfo, xInfo, linkedinInfo];

export const INTEGRATION_STEP_TYPES: readonly StepTypeInfo[] = INTEGRATIONS.flatMap(integrationStepTypes);

/** The assistant's tools from the integrations, as the chat shows them. */
export const INTEGRATION_TOOL_LABELS: Record<string, string> = {
  list_connections: 'List connections',
  ...Object.fromEntries(
    INTEGRATIONS.flatMap((integration) =>
      integration.actions.map((action) => [
        actionToolName(integration.provider, action.name),
        `${integration.label}: ${action.label}`,
      ]),
    ),
  ),
};
