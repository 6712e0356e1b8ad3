/**
 * The services accounts connect through OAuth, in the order the Integrations page lists them. Kept
 * free of imports: the app's router checks its callback addresses against it on every load.
 */
export const INTEGRATION_PROVIDER_IDS = ['slack', 'notion', 'google', 'twitter', 'linkedin', 'oauth2'] as const;
