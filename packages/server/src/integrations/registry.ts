import type { IntegrationProviderId } from '@flowmind/shared/integrations';
import type { Integration } from './define-integration';
import { googleIntegration } from './google/google.integration';
import { linkedinIntegration } from './linkedin/linkedin.integration';
import { notionIntegration } from './notion/notion.integration';
import { GENERIC_OAUTH2, type OAuthProfile } from './oauth';
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

/** How a provider's OAuth differs from the standard dance (an operator's own server: not at all). */
export const oauthProfileFor = (provider: IntegrationProviderId): OAuthProfile =>
  integrationFor(provider)?.auth.oauth ?? GENERIC_OAUTH2;

export const integrationFor = (provider: IntegrationProviderId | string) =>
  INTEGRATIONS.find((integration) => integration.provider === provider) ?? null;
