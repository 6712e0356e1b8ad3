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
  it('replaces the path being typed with the chosen one', () => {
    const value = 'Hi {{ $json.na }}!';
    expect(applyCompletion({ value, cursor: 14, insert: '$json.name' })).toEqual({
      value: 'Hi {{ $json.name }}!',
      cursor: 16,
    });
    expect(applyCompletion({ value: '{{ $json. }}', cursor: 9, insert: '$json["first name"]' })).toEqual({
      value: '{{ $json["first name"] }}',
      cursor: 22,
    });
  });

  it('replaces what was typed of a suggestion that is not a path', () => {
    expect(applyCompletion({ value: '{{ $json.x.toL', cursor: 14, insert: 'toLowerCase()' })).toEqual({
      value: '{{ $json.x.toLowerCase()',
      cursor: 24,
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
