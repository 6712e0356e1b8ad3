import { LINKEDIN_SCOPES, linkedinInfo } from '@flowmind/shared/integrations/linkedin';
import { createIntegration } from '../define-integration';
import { getProfile } from './get-profile';
import { userinfo } from './linkedin-client';
import { linkedinOAuth } from './linkedin-oauth';
import { publishPost } from './publish-post';

/**
 * LinkedIn: a member connected through OAuth 2.0 (no PKCE for standard apps; a 60-day token,
 * usually without refresh: at its end the connection asks to be reconnected), in flows and agents.
 */
export const linkedinIntegration = createIntegration(linkedinInfo, {
  auth: { kind: 'oauth2', scopes: LINKEDIN_SCOPES, oauth: linkedinOAuth },
  actions: [publishPost, getProfile],
  options: {},
  check: async (ctx) => {
    const member = await userinfo(ctx);
    return member.name || member.email || 'LinkedIn member';
  },
});
