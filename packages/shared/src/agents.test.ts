import { describe, expect, it } from 'vitest';
import {
  agentToolScope,
  agentToolsSummary,
  CreateAgent,
  ExploreQuery,
  LeaderboardQuery,
  popularity,
  UpdateAgent,
} from './agents';

describe('agent inputs', () => {
  it.each([
    [{ accountId: 'acc_1', name: 'Helper' }, true],
    [{ accountId: 'acc_1', name: '  ' }, false],
    [{ accountId: 'acc_1', name: 'x'.repeat(81) }, false],
    [{ accountId: 'acc_1', name: 'Helper', starterPrompts: ['a', 'b', 'c', 'd'] }, true],
    [{ accountId: 'acc_1', name: 'Helper', starterPrompts: ['a', 'b', 'c', 'd', 'e'] }, false],
    [{ accountId: 'acc_1', name: 'Helper', category: 'cooking' }, false],
    [{ accountId: 'acc_1', name: 'Helper', color: 'rose', avatar: '🌸' }, true],
    [{ accountId: 'acc_1', name: 'Helper', avatar: 'a long avatar text' }, false],
    [{ name: 'Helper' }, false],
  ])('CreateAgent %j valid: %s', (input, valid) => {
    expect(CreateAgent.safeParse(input).success).toBe(valid);
  });

  it('fills what a new agent leaves out: no model (the account default), no tools', () => {
    expect(CreateAgent.parse({ accountId: 'acc_1', name: 'Helper' })).toMatchObject({
      model: null,
      tools: [],
      starterPrompts: [],
      category: 'other',
      color: 'violet',
      avatar: '',
    });
  });

  it.each([
    [{ published: true }, true],
    [{ model: null }, true],
    [{ starterPrompts: [''] }, false],
    [{ name: '' }, false],
  ])('UpdateAgent %j valid: %s', (input, valid) => {
    expect(UpdateAgent.safeParse(input).success).toBe(valid);
  });

  it('reads gallery and leaderboard queries with defaults', () => {
    expect(ExploreQuery.parse({})).toEqual({ sort: 'popular', offset: 0, limit: 24 });
    expect(ExploreQuery.safeParse({ sort: 'liked' }).success).toBe(false);
    expect(ExploreQuery.parse({ offset: '24' }).offset).toBe(24);
    expect(LeaderboardQuery.parse({})).toEqual({ period: 'week' });
    expect(LeaderboardQuery.safeParse({ period: 'year' }).success).toBe(false);
  });

  it('weighs a conversation, a like and a use alike', () => {
    expect(popularity({ chats: 2, likes: 1, uses: 3 })).toBe(6);
  });
});

describe('agentToolsSummary', () => {
  it('says what an agent may use in a few words', () => {
    expect(agentToolsSummary([])).toBe('Chat only, no tools');
    expect(agentToolsSummary(['table:tbl_a', 'table:tbl_b', 'note:nte_a'])).toBe('2 tables, 1 note');
    expect(agentToolsSummary(['flow:flw_a', 'action:create_note', 'action:draft_flow'])).toBe(
      '1 flow · create notes, draft new flows',
    );
    expect(agentToolScope(['web-search', 'table:tbl_a']).tables).toEqual(new Set(['tbl_a']));
  });
});
