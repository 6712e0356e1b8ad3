import { basicAuth, getWithToken, type OAuthProfile, postRevocation, unknownAccount } from '../oauth';

/**
 * X: PKCE S256 required even of confidential clients, which authenticate with HTTP Basic. The
 * token answer names no one: `GET /2/users/me` names the connection "@handle". Refresh tokens
 * rotate and each works once; a used one is answered `invalid_request`, read as a spent grant.
 */
export const xOAuth: OAuthProfile = {
  authorizeParams: { response_type: 'code' },
  spentGrantCodes: ['invalid_request'],
  identify: async (config, grant) => {
    const body = await getWithToken(config, `${config.apiUrl}/2/users/me`, grant.accessToken);
    const user = (body?.data ?? {}) as { id?: unknown; username?: unknown };
    if (typeof user.id !== 'string' || typeof user.username !== 'string') throw unknownAccount(config);
    return { externalId: user.id, name: `@${user.username}` };
  },
  revoke: (config, { accessToken }) =>
    config.client
      ? postRevocation(
          `${config.apiUrl}/2/oauth2/revoke`,
          {
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              authorization: basicAuth(config.client),
            },
            body: new URLSearchParams({ token: accessToken, token_type_hint: 'access_token' }),
          },
          (body) => Boolean(body?.revoked),
        )
      : Promise.resolve(false),
};
