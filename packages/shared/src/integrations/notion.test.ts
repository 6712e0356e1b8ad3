import { describe, expect, it } from 'vitest';
import { createPageInfo, NotionId } from './notion';

const id = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';

describe('a Notion id as people paste it', () => {
  it.each([
    ['1f2e3d4c5b6a49788a9b0c1d2e3f4a5b', id],
    [id, id],
    [` ${id.toUpperCase()} `, id],
    ['https://www.notion.so/acme/Roadmap-1f2e3d4c5b6a49788a9b0c1d2e3f4a5b', id],
    ['https://www.notion.so/1f2e3d4c5b6a49788a9b0c1d2e3f4a5b?v=00000000000000000000000000000000', id],
  ])('%s', (given, expected) => {
    expect(NotionId.parse(given)).toBe(expected);
  });

  it.each(['', 'Roadmap', '1f2e3d4c', 'https://www.notion.so/acme/Roadmap'])('refuses %j', (given) => {
    expect(NotionId.safeParse(given).error?.issues[0]?.message).toBe(
      'Give a Notion id (32 letters and digits) or a link to it',
    );
  });
});

describe('create page input', () => {
  it('asks for the parent the choice names', () => {
    const problems = (params: Record<string, unknown>) =>
      createPageInfo.input.safeParse(params).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(problems({ title: 'x' })).toEqual([['databaseId', 'Choose a database']]);
    expect(problems({ parentType: 'page', title: 'x', databaseId: id })).toEqual([['pageId', 'Choose a page']]);
    expect(problems({ parentType: 'page', pageId: id, title: ' ' })).toEqual([['title', 'Give a title']]);
    expect(createPageInfo.input.parse({ databaseId: id, title: 'x', properties: '{"Status":"Done"}' })).toMatchObject({
      properties: { Status: 'Done' },
    });
  });
});
