import { describe, expect, it } from 'vitest';
import { normalizeHandle } from './handle';

describe('normalizeHandle (spec §5)', () => {
  it.each([
    ['Acme Corp', 'acme-corp'],
    ['  --Acme__Corp!!  ', 'acme-corp'],
    ['ÄÖÜ Straße 12', 'stra-e-12'],
    ['a', 'a'],
    ['!!!', ''],
    ['MiXeD.Case.Name', 'mixed-case-name'],
    ['x'.repeat(40), 'x'.repeat(32)],
    // Spec order: trim hyphens, then cut; a cut can leave a trailing hyphen.
    [`${'a'.repeat(31)} b`, `${'a'.repeat(31)}-`],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHandle(input)).toBe(expected);
  });
});
