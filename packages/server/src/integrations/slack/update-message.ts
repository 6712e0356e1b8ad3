import { updateMessageInfo } from '@flowmind/shared/integrations/slack';
import { defineAction } from '../define-integration';
import { callSlack } from './slack-client';

export type SlackUpdatedMessage = { channel: string; ts: string; text: string };

export const updateMessage = defineAction(updateMessageInfo, async (ctx): Promise<SlackUpdatedMessage> => {
  const { input } = ctx;
  const updated = await callSlack(ctx, (client) =>
    client.chat.update({
      channel: input.channel,
      ts: input.ts,
      text: input.text ?? '',
      ...(input.blocks ? { blocks: input.blocks as never } : {}),
    }),
  );
  return {
    channel: updated.channel ?? input.channel,
    ts: updated.ts ?? input.ts,
    text: updated.text ?? input.text ?? '',
  };
});
