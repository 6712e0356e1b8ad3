import { basicAuth, type Grant, type OAuthProfile, postRevocation, tokenFields } from '../oauth';

/**
 * Notion's OAuth: `owner=user` (how a public integration is installed), a token endpoint that reads
 * JSON only, the workspace (one bot per installation) named in the token answer, `oauth/revoke`.
 */
export const notionOAuth: OAuthProfile = {
  authorizeParams: { response_type: 'code', owner: 'user' },
  tokenRequest: { json: true },
  grant: (body, config, previous): Grant => {
    const workspaceId = typeof body.workspace_id === 'string' ? body.workspace_id : null;
    const botId = typeof body.bot_id === 'string' ? body.bot_id : null;
    return {
      ...tokenFields(body, config.label),
      scopes: [],
      externalId: workspaceId ?? botId ?? previous?.externalId ?? 'unknown',
      name: (typeof body.workspace_name === 'string' && body.workspace_name) || previous?.name || 'Notion workspace',
    };
  },
  revoke: (config, { accessToken }) =>
    config.client && config.apiUrl
      ? postRevocation(`${config.apiUrl}/v1/oauth/revoke`, {
          headers: { authorization: basicAuth(config.client), 'content-type': 'application/json' },
          body: JSON.stringify({ token: accessToken }),
        })
      : Promise.resolve(false),
};
