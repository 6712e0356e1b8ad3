import { publishPostInfo } from '@flowmind/shared/integrations/linkedin';
import { StepError } from '../../user-error';
import { defineAction } from '../define-integration';
import { callLinkedIn, littleText, userinfo } from './linkedin-client';

/**
 * `POST /rest/posts` as the member (`urn:li:person:{sub}`, read from userinfo: the connection
 * keeps only the token). LinkedIn answers 201 with the post's URN in `x-restli-id`.
 */
export const publishPost = defineAction(publishPostInfo, async (ctx) => {
  const { input } = ctx;
  const member = await userinfo(ctx);
  const author = `urn:li:person:${member.sub}`;
  const { headers } = await callLinkedIn(ctx, 'POST', '/rest/posts', {
    author,
    commentary: littleText(input.text),
    visibility: input.visibility,
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(input.link ? { content: { article: { source: input.link, title: input.linkTitle ?? input.link } } } : {}),
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  });
  const id = headers.get('x-restli-id') ?? '';
  if (!id)
    throw new StepError('LinkedIn: the post was sent but LinkedIn did not give its id — check the member’s feed');
  ctx.log('info', `Published ${id}`);
  return {
    id,
    url: `https://www.linkedin.com/feed/update/${encodeURIComponent(id)}/`,
    author,
    visibility: input.visibility,
  };
});
