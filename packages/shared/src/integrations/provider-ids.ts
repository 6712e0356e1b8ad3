/**
 * The services accounts connect through OAuth, in the order the Integrations page lists them. Kept
 * free of imports: the app's router checks its callback addresses against it on every load.
 */
export const INTEGRATION_PROVIDER_IDS = ['slack', 'notion', 'google', 'twitter', 'linkedin', 'oauth2'] as const;

/** Every address under /integrations/callback/: the OAuth providers, and MCP servers signed in with OAuth. */
export const OAUTH_CALLBACK_IDS = [...INTEGRATION_PROVIDER_IDS, 'mcp'] as const;
