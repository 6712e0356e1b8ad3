import { integrationStepDefinitions } from '../../integrations/integration-steps';
import { aiStep } from './ai';
import { codeStep } from './code';
import { emailSendStep } from './email-send';
import { flowRunStep } from './flow-run';
import { httpRequestStep } from './http-request';
import { ifStep } from './if';
import { loopStep } from './loop';
import { mcpToolStep } from './mcp-tool';
import { mergeStep } from './merge';
import { noteStep } from './note';
import { scrapeStep } from './scrape';
import { setStep } from './set';
import type { StepDefinition } from './step';
import { switchStep } from './switch';
import { tableRecordsStep } from './table-records';
import { transformStep } from './transform';
import { waitStep } from './wait';
import { webhookRespondStep } from './webhook-respond';

/**
 * Every step type the engine can run, by type. Triggers are not here: the engine gives a trigger's
 * saved items as its output. Each step type lives in its own file with its tests beside it.
 */
const definitions: StepDefinition[] = [
  httpRequestStep,
  codeStep,
  aiStep,
  emailSendStep,
  scrapeStep,
  setStep,
  transformStep,
  ifStep,
  switchStep,
  mergeStep,
  loopStep,
  waitStep,
  webhookRespondStep,
  flowRunStep,
  tableRecordsStep,
  noteStep,
  // One per action of each integration (`integrations/<provider>/`).
  ...integrationStepDefinitions(),
  mcpToolStep,
];

export const stepDefinitions: ReadonlyMap<string, StepDefinition> = new Map(definitions.map((d) => [d.type, d]));
