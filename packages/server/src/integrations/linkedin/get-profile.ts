import { getProfileInfo } from '@flowmind/shared/integrations/linkedin';
import { defineAction } from '../define-integration';
import { userinfo } from './linkedin-client';

export const getProfile = defineAction(getProfileInfo, async (ctx) => {
  const member = await userinfo(ctx);
  const locale =
    typeof member.locale === 'string'
      ? member.locale
      : member.locale
        ? [member.locale.language, member.locale.country].filter(Boolean).join('_')
        : null;
  return {
    id: member.sub,
    name: member.name ?? '',
    givenName: member.given_name ?? '',
    familyName: member.family_name ?? '',
    email: member.email ?? null,
    emailVerified: member.email_verified ?? false,
    picture: member.picture ?? null,
    locale,
  };
});
