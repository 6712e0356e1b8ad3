import { describe, expect, it } from 'vitest';
import { validateNode } from '../flow-steps';
import { INTEGRATION_TOOL_LABELS } from './catalogue';
import { deletePostInfo, lookupUserInfo, PostId, postInfo, replyInfo, Username } from './x';

const problems = (
  schema: { safeParse(value: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('an X post’s text', () => {
  it('holds at most 280 characters, an emoji counting one', () => {
    expect(postInfo.input.parse({ text: ` ${'a'.repeat(280)} ` }).text).toHaveLength(280);
    expect(postInfo.input.safeParse({ text: '🚀'.repeat(280) }).success).toBe(true);
    expect(problems(postInfo.input, { text: 'a'.repeat(281) })).toEqual([
      ['text', 'A post holds at most 280 characters'],
    ]);
    expect(problems(postInfo.input, { text: '  ' })).toEqual([['text', 'Give the text of the post']]);
    expect(problems(postInfo.input, {})).toEqual([['text', 'Give the text of the post']]);
  });

  it('is checked at publish when typed as it is, and when the step runs when it holds an expression', () => {
    const node = (text: string) => ({
      id: 'n',
      type: 'twitter.post',
      name: 'Post',
      position: { x: 0, y: 0 },
      params: { connectionId: 'icn_1', text },
      settings: {},
    });
    expect(validateNode(node('a'.repeat(281)))).toEqual([
      { nodeId: 'n', field: 'text', message: 'Text: at most 280 characters in a post (this one has 281)' },
    ]);
    expect(validateNode(node(`{{ $json.body.text }}${'a'.repeat(281)}`))).toEqual([]);
    expect(validateNode(node('Hello'))).toEqual([]);
  });
});

describe('post ids and usernames as people paste them', () => {
  it.each([
    ['1846987139428634858', '1846987139428634858'],
    [' https://x.com/ada_dev/status/1846987139428634858?s=20 ', '1846987139428634858'],
    ['https://twitter.com/ada_dev/status/20', '20'],
  ])('post %s', (given, expected) => {
    expect(PostId.parse(given)).toBe(expected);
  });

  it.each(['', 'abc', 'https://x.com/ada_dev', '1'.repeat(20)])('refuses post %j', (given) => {
    expect(PostId.safeParse(given).error?.issues[0]?.message).toBe('Give a post id (digits) or a link to the post');
  });

  it('takes a username with or without its @, and refuses what X cannot have', () => {
    expect(Username.parse(' @XDevelopers ')).toBe('XDevelopers');
    expect(lookupUserInfo.input.parse({ username: 'ada_dev' })).toEqual({ username: 'ada_dev' });
    expect(Username.safeParse('has space').success).toBe(false);
    expect(Username.safeParse('a'.repeat(16)).success).toBe(false);
  });

  it('asks for the post to reply to or delete', () => {
    expect(problems(replyInfo.input, { text: 'Hi' })).toEqual([['postId', 'Give a post id or link']]);
    expect(deletePostInfo.input.parse({ postId: '42' })).toEqual({ postId: '42' });
  });
});

describe('X for the assistant', () => {
  it('names the tools twitter_…, labelled X', () => {
    expect(INTEGRATION_TOOL_LABELS).toMatchObject({
      twitter_post: 'X: Post',
      twitter_reply: 'X: Reply',
      twitter_delete_post: 'X: Delete post',
      twitter_lookup_user: 'X: Look up user',
    });
    expect([postInfo, replyInfo, deletePostInfo].every((action) => action.writes)).toBe(true);
    expect(lookupUserInfo.writes).toBe(false);
  });
});
