import { addReactionInfo } from '@flowmind/shared/integrations/slack';
import { defineAction } from '../define-integration';
import { callSlack } from './slack-client';

export type SlackReaction = { channel: string; ts: string; emoji: string };

export const addReaction = defineAction(addReactionInfo, async (ctx): Promise<SlackReaction> => {
  const { channel, ts, emoji } = ctx.input;
  // A retry after an attempt that reacted finds the reaction there: the work is done, not failed.
  await callSlack(ctx, (client) => client.reactions.add({ channel, timestamp: ts, name: emoji }), {
    codes: ['already_reacted'],
    value: { ok: true },
  });
  return { channel, ts, emoji };
});
