import { describe, expect, it } from 'vitest';
import { insertPath } from './expression-edit';

describe('insertPath', () => {
  it('wraps the path in braces outside an expression and not inside one', () => {
    expect(insertPath({ value: 'Hello ', start: 6, end: 6, path: '$json.name' })).toEqual({
      value: 'Hello {{ $json.name }}',
      cursor: 22,
    });
    expect(insertPath({ value: '{{  }}', start: 3, end: 3, path: '$json.a' })).toEqual({
      value: '{{ $json.a }}',
      cursor: 10,
    });
    expect(insertPath({ value: 'a XX b', start: 2, end: 4, path: '$json.a' }).value).toBe('a {{ $json.a }} b');
  });
});
