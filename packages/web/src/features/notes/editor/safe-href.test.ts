import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href';

describe('safeHref', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['  http://x.org  ', 'http://x.org/'],
    ['mailto:ana@example.com', 'mailto:ana@example.com'],
    ['javascript:alert(1)', null],
    ['data:text/html,<b>hi</b>', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
