import type { StepTypeInfo } from '../flow-steps';
import { type IntegrationInfo, integrationStepTypes } from './define-integration';
import { slackInfo } from './slack';

/** Every integration whose actions are flow steps and agent tools. */
export const INTEGRATIONS: readonly IntegrationInfo[] = [slackInfo];

export const INTEGRATION_STEP_TYPES: readonly StepTypeInfo[] = INTEGRATIONS.flatMap(integrationStepTypes);
