import { STEP_TYPES } from '@flowmind/shared/flow-steps';
import { describe, expect, it } from 'vitest';
import { STEP_ICONS } from '../../../../web/src/features/flows/editor/step-icons';
import { stepDefinitions } from './index';

/** The three lists of step types (the catalogue the editor offers, what the engine runs, the icons) agree. */
describe('step types', () => {
  const catalogued = STEP_TYPES.filter((step) => step.group !== 'trigger').map((step) => step.type);

  it('every catalogued step has a definition the engine runs, and every definition is catalogued', () => {
    expect([...stepDefinitions.keys()].sort()).toEqual([...catalogued].sort());
  });

  it('every catalogued step and trigger has a bundled icon', () => {
    const missing = STEP_TYPES.filter((step) => !step.icon || !STEP_ICONS[step.icon]).map((step) => step.type);
    expect(missing).toEqual([]);
  });

  it('every step says whether it acts outside the execution', () => {
    const undeclared = [...stepDefinitions.values()].filter((d) => typeof d.sideEffects !== 'boolean');
    expect(undeclared.map((d) => d.type)).toEqual([]);
    // Only these are saved without waiting; a step wrongly added here could act twice after a crash.
    const withoutEffects = [...stepDefinitions.values()].filter((d) => !d.sideEffects).map((d) => d.type);
    expect(withoutEffects.sort()).toEqual(
      ['code', 'if', 'loop', 'merge', 'set', 'switch', 'transform', 'wait', 'webhook.respond'].sort(),
    );
    expect([...stepDefinitions.values()].filter((d) => d.pauses).map((d) => d.type)).toEqual(['wait']);
  });
});
