import { type Grant, type OAuthProfile, postRevocation, tokenFields } from '../oauth';

/** Slack's OAuth v2: comma-separated scopes, the workspace named in the token answer, `auth.revoke`. */
export const slackOAuth: OAuthProfile = {
  scopeSeparator: ',',
  grant: (body, config, previous): Grant => {
    const team = (body.team ?? {}) as { id?: string; name?: string };
    return {
      ...tokenFields(body, config.label),
      externalId: team.id ?? previous?.externalId ?? 'unknown',
      name: team.name ?? previous?.name ?? 'Slack workspace',
    };
  },
  revoke: (config, { accessToken }) =>
    config.apiUrl
      ? postRevocation(
          `${config.apiUrl}/auth.revoke`,
          {
            headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
            body: '',
          },
          (body) => Boolean(body?.ok && body.revoked),
        )
      : Promise.resolve(false),
};
