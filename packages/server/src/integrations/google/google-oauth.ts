import { getWithToken, type OAuthProfile, postRevocation, unknownAccount } from '../oauth';

/**
 * Google: offline access asked with consent (a refresh token comes only then, and again on a
 * reconnect only with consent asked anew); the account is OpenID userinfo's subject, named by its
 * email; a disconnect revokes the refresh token, which ends the whole grant (RFC 7009).
 */
export const googleOAuth: OAuthProfile = {
  authorizeParams: { response_type: 'code', access_type: 'offline', prompt: 'consent' },
  identify: async (config, grant) => {
    if (!config.userinfoUrl) return grant;
    const info = await getWithToken(config, config.userinfoUrl, grant.accessToken);
    if (typeof info?.sub !== 'string' || !info.sub) throw unknownAccount(config);
    return { externalId: info.sub, name: typeof info.email === 'string' && info.email ? info.email : grant.name };
  },
  revoke: (config, { accessToken, refreshToken }) =>
    config.revokeUrl
      ? postRevocation(config.revokeUrl, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: refreshToken ?? accessToken }),
        })
      : Promise.resolve(false),
};
