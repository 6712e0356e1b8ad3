import { aiStep } from './ai';
import { emailSendStep } from './email-send';
import { httpRequestStep } from './http-request';
import { scrapeStep } from './scrape';
import type { StepDefinition } from './step';

/**
 * Every step type the engine can run, by type. Triggers are not here: the engine gives a trigger's
 * saved items as its output. Each step type lives in its own file with its tests beside it.
 */
const definitions: StepDefinition[] = [httpRequestStep, scrapeStep, aiStep, emailSendStep];

export const stepDefinitions: ReadonlyMap<string, StepDefinition> = new Map(definitions.map((d) => [d.type, d]));
