import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration } from './format-clock';

describe('formatClock', () => {
  it.each([
    [1500, '25:00'],
    [1499.2, '25:00'],
    [245, '04:05'],
    [0.4, '00:01'],
    [0, '00:00'],
    [-3, '00:00'],
    [3723, '1:02:03'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [40, '40 s'],
    [1500, '25 min'],
    [3900, '1 h 5 min'],
    [7200, '2 h'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
