import { sendMessageInfo } from '@flowmind/shared/integrations/slack';
import { StepError } from '../../user-error';
import { defineAction } from '../define-integration';
import { callSlack } from './slack-client';

export type SlackSentMessage = { channel: string; ts: string; threadTs: string | null; text: string };

export const sendMessage = defineAction(sendMessageInfo, async (ctx): Promise<SlackSentMessage> => {
  const { input } = ctx;
  let channel = input.channel ?? '';
  if (input.sendTo === 'user') {
    // A direct message goes to the IM channel between the app and the person, opened (or found) first.
    const opened = await callSlack(ctx, (client) => client.conversations.open({ users: input.user ?? '' }));
    channel = opened.channel?.id ?? '';
    if (!channel) throw new StepError('Slack: no direct message channel was opened — check the person’s user id');
  }
  const sent = await callSlack(ctx, (client) =>
    client.chat.postMessage({
      channel,
      text: input.text ?? '',
      ...(input.blocks ? { blocks: input.blocks as never } : {}),
      ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    }),
  );
  ctx.log('info', `Posted to ${sent.channel ?? channel}`);
  return {
    channel: sent.channel ?? channel,
    ts: sent.ts ?? '',
    threadTs: input.threadTs ?? null,
    text: sent.message?.text ?? input.text ?? '',
  };
});
