import { getWithToken, type OAuthProfile, postRevocation, unknownAccount } from '../oauth';

/**
 * LinkedIn does PKCE only for the native apps it enables it for, not for the standard web apps
 * this server is: it gets the state (checked once, bound to user and account) and the client
 * secret, which it reads from the form only (RFC 6749 §2.3.1 allows it). OpenID's `/v2/userinfo`
 * names the member; revocation is RFC 7009's, next to the token endpoint.
 */
export const linkedinOAuth: OAuthProfile = {
  authorizeParams: { response_type: 'code' },
  pkce: false,
  tokenRequest: { clientInBody: true },
  identify: async (config, grant) => {
    const body = await getWithToken(config, `${config.apiUrl}/v2/userinfo`, grant.accessToken);
    if (typeof body?.sub !== 'string') throw unknownAccount(config);
    const name =
      (typeof body.name === 'string' && body.name) ||
      [body.given_name, body.family_name].filter((part) => typeof part === 'string' && part).join(' ') ||
      (typeof body.email === 'string' && body.email) ||
      'LinkedIn member';
    return { externalId: body.sub, name };
  },
  revoke: (config, { accessToken }) =>
    config.client
      ? postRevocation(new URL('revoke', config.tokenUrl).toString(), {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            token: accessToken,
            client_id: config.client.id,
            client_secret: config.client.secret,
          }),
        })
      : Promise.resolve(false),
};
