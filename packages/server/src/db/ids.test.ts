import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('ids', () => {
  it('are prefixed, lowercase and URL-safe, of the asked length', () => {
    expect(newId('exe')).toMatch(/^exe_[0-9a-z]{20}$/);
    expect(newId('stp', 8)).toMatch(/^stp_[0-9a-z]{8}$/);
  });

  it("do not repeat across many draws (past the random pool's refills)", () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newId('x', 12)));
    expect(ids.size).toBe(5000);
  });
});
