import { X_SCOPES, xInfo } from '@flowmind/shared/integrations/x';
import { createIntegration } from '../define-integration';
import { deletePost } from './delete-post';
import { lookupUser } from './lookup-user';
import { newMentionTrigger } from './new-mention';
import { post } from './post';
import { reply } from './reply';
import { callX } from './x-client';
import { xOAuth } from './x-oauth';

/** X: an account connected through OAuth 2.0 with PKCE (rotating refresh tokens), in flows and agents. */
export const xIntegration = createIntegration(xInfo, {
  auth: { kind: 'oauth2', scopes: X_SCOPES, oauth: xOAuth },
  actions: [post, reply, deletePost, lookupUser],
  triggers: [newMentionTrigger],
  options: {},
  check: async (ctx) => {
    const me = await callX<{ data?: { username?: string } }>(ctx, 'GET', '/2/users/me');
    return me.data?.username ? `@${me.data.username}` : 'X';
  },
});
