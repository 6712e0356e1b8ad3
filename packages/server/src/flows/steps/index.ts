import { codeStep } from './code';
import type { StepDefinition } from './step';

/**
 * Every step type the engine can run, by type. Triggers are not here: the engine gives a trigger's
 * saved items as its output. Each step type lives in its own file with its tests beside it.
 */
const definitions: StepDefinition[] = [codeStep];

export const stepDefinitions: ReadonlyMap<string, StepDefinition> = new Map(definitions.map((d) => [d.type, d]));
