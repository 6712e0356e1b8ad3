import { SLACK_SCOPES, slackInfo } from '@flowmind/shared/integrations/slack';
import { createIntegration } from '../define-integration';
import { addReaction } from './add-reaction';
import { listChannels, slackChannels } from './list-channels';
import { listUsers, slackUsers } from './list-users';
import { newMessage } from './new-message';
import { sendMessage } from './send-message';
import { callSlack } from './slack-client';
import { slackOAuth } from './slack-oauth';
import { updateMessage } from './update-message';

/** Slack: a workspace connected through OAuth v2 (a bot token), and what flows and agents do with it. */
export const slackIntegration = createIntegration(slackInfo, {
  auth: { kind: 'oauth2', scopes: SLACK_SCOPES, oauth: slackOAuth },
  actions: [sendMessage, updateMessage, addReaction, listChannels, listUsers],
  triggers: [newMessage],
  options: {
    channels: async (ctx) =>
      (await slackChannels(ctx, { types: 'public_channel,private_channel', excludeArchived: true, limit: 1000 }))
        .map((channel) => ({ value: channel.id, label: `#${channel.name}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    users: async (ctx) =>
      (await slackUsers(ctx, { includeBots: false, limit: 1000 }))
        .map((user) => ({
          value: user.id,
          label: user.realName ? `${user.realName} (@${user.name})` : `@${user.name}`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
  },
  check: async (ctx) => {
    const who = await callSlack(ctx, (client) => client.auth.test());
    return who.user ? `@${who.user} in ${who.team ?? 'Slack'}` : (who.team ?? 'Slack');
  },
});
