import { describe, expect, it } from 'vitest';
import { applyCompletion, autoClose, expressionSegments, insertPath } from './expression-edit';

describe('expressionSegments', () => {
  it('splits plain text from expressions, an unclosed one running to the end', () => {
    expect(expressionSegments('Hi {{ $json.name }}, {{ $js')).toEqual([
      { text: 'Hi ', expression: false },
      { text: '{{ $json.name }}', expression: true },
      { text: ', ', expression: false },
      { text: '{{ $js', expression: true },
    ]);
    expect(expressionSegments('')).toEqual([]);
    expect(expressionSegments('plain')).toEqual([{ text: 'plain', expression: false }]);
  });
});

describe('applyCompletion', () => {
  it('replaces the characters typed before the cursor with the suggestion', () => {
    const value = 'Hi {{ $json.na }}!';
    expect(applyCompletion({ value, cursor: 14, insert: '$json.name', replace: 8 })).toEqual({
      value: 'Hi {{ $json.name }}!',
      cursor: 16,
    });
    expect(applyCompletion({ value: '{{ $json. }}', cursor: 9, insert: '["first name"]', replace: 1 })).toEqual({
      value: '{{ $json["first name"] }}',
      cursor: 22,
    });
    expect(applyCompletion({ value: '{{  }}', cursor: 3, insert: '$json', replace: 0 })).toEqual({
      value: '{{ $json }}',
      cursor: 8,
    });
  });
});

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

describe('autoClose', () => {
  it('closes a just-typed {{ and leaves the cursor inside', () => {
    expect(autoClose({ previous: 'Hi {', value: 'Hi {{', cursor: 5 })).toEqual({ value: 'Hi {{  }}', cursor: 6 });
  });

  it('leaves closed expressions, pastes and deletions alone', () => {
    expect(autoClose({ previous: 'Hi { }}', value: 'Hi {{ }}', cursor: 5 })).toBeNull();
    expect(autoClose({ previous: '', value: '{{ a }}', cursor: 7 })).toBeNull();
    expect(autoClose({ previous: 'Hi {{{', value: 'Hi {{', cursor: 5 })).toBeNull();
  });
});
