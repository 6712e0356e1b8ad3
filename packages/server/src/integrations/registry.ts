import type { IntegrationProviderId } from '@flowmind/shared/integrations';
import type { Integration } from './define-integration';
import { googleIntegration } from './google/google.integration';
import { linkedinIntegration } from './linkedin/linkedin.integration';
import { notionIntegration } from './notion/notion.integration';
import { slackIntegration } from './slack/slack.integration';
import { xIntegration } from './x/x.integration';

/** Every integration with actions; the flow steps and the pickers' lists come from here. */
export const INTEGRATIONS: readonly Integration[] = [
  slackIntegration,
  notionIntegration,
  googleIntegration,
  xIntegration,
  linkedinIntegration,
];

export const integrationFor = (provider: IntegrationProviderId | string) =>
  INTEGRATIONS.find((integration) => integration.provider === provider) ?? null;
