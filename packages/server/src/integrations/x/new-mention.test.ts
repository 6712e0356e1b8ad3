import { describe, expect, it } from 'vitest';
import { byId, takeMentions, type XMention } from './new-mention';

const post = (id: string, extra: Partial<XMention> = {}): XMention => ({
  id,
  text: `hi ${id}`,
  author_id: '7',
  ...extra,
});
const users = [{ id: '7', username: 'grace', name: 'Grace' }];

describe('X new mention', () => {
  it('orders post ids as numbers, not as text', () => {
    expect([post('100'), post('99'), post('1000')].sort(byId).map((p) => p.id)).toEqual(['99', '100', '1000']);
  });

  it('takes the mentions after the cursor oldest first, keyed post:<id>, with the author handle', () => {
    const { items, cursor } = takeMentions(
      [post('30'), post('20'), post('10')],
      users,
      { sinceId: '10' },
      {
        limit: 100,
        includeReplies: true,
      },
    );
    expect(items.map((item) => item.key)).toEqual(['post:20', 'post:30']);
    expect(items[0]?.item).toMatchObject({ id: '20', authorUsername: 'grace', authorName: 'Grace' });
    expect(cursor).toEqual({ sinceId: '30' });
  });

  it('stops at the limit, the cursor at the last taken, and keeps the cursor when nothing is new', () => {
    const many = takeMentions(
      [post('3'), post('2'), post('1')],
      users,
      { sinceId: null },
      {
        limit: 2,
        includeReplies: true,
      },
    );
    expect(many.items.map((item) => item.key)).toEqual(['post:1', 'post:2']);
    expect(many.cursor).toEqual({ sinceId: '2' });
    expect(takeMentions([], users, { sinceId: '5' }, { limit: 2, includeReplies: true }).cursor).toEqual({
      sinceId: '5',
    });
  });

  it('skips replies when asked, still moving past them', () => {
    const { items, cursor } = takeMentions(
      [post('2', { in_reply_to_user_id: '1' }), post('1')],
      users,
      {
        sinceId: null,
      },
      { limit: 10, includeReplies: false },
    );
    expect(items.map((item) => item.key)).toEqual(['post:1']);
    expect(cursor).toEqual({ sinceId: '2' });
  });
});
