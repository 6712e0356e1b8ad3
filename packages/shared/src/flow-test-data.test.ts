import { describe, expect, it } from 'vitest';
import { PinStep, testEmailAddress, testWebhookPath } from './flow-test-data';

describe('test addresses', () => {
  it.each([
    ['flow-abc123@mail.example.com', 'flow-abc123+test@mail.example.com'],
    ['flow-abc123@localhost', 'flow-abc123+test@localhost'],
    ['no-at-sign', 'no-at-sign'],
  ])('%s → %s', (address, expected) => {
    expect(testEmailAddress(address)).toBe(expected);
  });

  it('puts the test URL beside the production one', () => {
    expect(testWebhookPath('k3x9')).toBe('/api/hooks/test/k3x9');
  });
});

describe('PinStep', () => {
  it.each([
    [{ output: { main: [{ a: 1 }] } }, true],
    [{ output: { true: [], false: [{ b: 'x' }] } }, true],
    [{ output: { main: [1] } }, false],
    [{ output: { main: { a: 1 } } }, false],
    [{}, false],
  ])('%j valid: %s', (body, valid) => {
    expect(PinStep.safeParse(body).success).toBe(valid);
  });
});
