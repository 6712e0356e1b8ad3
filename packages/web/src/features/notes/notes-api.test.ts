import { describe, expect, it } from 'vitest';
import { exportUrl, noteListUrl } from './notes-api';

describe('noteListUrl', () => {
  it('always names the account and leaves out what is not set', () => {
    expect(noteListUrl({ accountId: 'acc_1' })).toBe('/api/notes?accountId=acc_1');
  });

  it('carries search, sort, tag, trash and the cursor', () => {
    const url = new URL(
      noteListUrl({ accountId: 'a', q: 'two words', sort: 'title', tag: 'work & play', trash: true, cursor: 'c1' }),
      'http://x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      accountId: 'a',
      q: 'two words',
      sort: 'title',
      tag: 'work & play',
      trash: 'true',
      cursor: 'c1',
    });
  });

  it('sends no trash flag for live notes', () => {
    expect(noteListUrl({ accountId: 'a', trash: false })).not.toContain('trash');
  });
});

describe('exportUrl', () => {
  it('escapes the note id', () => {
    expect(exportUrl('n/1', 'md')).toBe('/api/notes/n%2F1/export?format=md');
  });
});
