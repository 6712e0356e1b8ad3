import { lookupUserInfo } from '@flowmind/shared/integrations/x';
import { defineAction } from '../define-integration';
import { callX, notFoundProblem } from './x-client';

type XUser = {
  id: string;
  name: string;
  username: string;
  description?: string;
  verified?: boolean;
  profile_image_url?: string;
  created_at?: string;
  public_metrics?: { followers_count?: number; following_count?: number; tweet_count?: number };
};

const FIELDS = 'created_at,description,profile_image_url,public_metrics,verified';

/** `GET /2/users/by/username/:username`: an unknown name is a 200 with only `errors`. */
export const lookupUser = defineAction(lookupUserInfo, async (ctx) => {
  const found = await callX<{ data?: XUser; errors?: { title?: string; detail?: string }[] }>(
    ctx,
    'GET',
    `/2/users/by/username/${encodeURIComponent(ctx.input.username)}?user.fields=${FIELDS}`,
  );
  const user = found.data;
  if (!user) throw notFoundProblem(found.errors);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    description: user.description ?? '',
    verified: user.verified ?? false,
    profileImageUrl: user.profile_image_url ?? null,
    createdAt: user.created_at ?? null,
    followersCount: user.public_metrics?.followers_count ?? null,
    followingCount: user.public_metrics?.following_count ?? null,
    postCount: user.public_metrics?.tweet_count ?? null,
  };
});
