/** AI: steps that ask a model. Part of the step catalogue (`STEP_TYPES` in `../flow-steps`). */

import type { StepTypeInfo } from '../flow-steps';
import { main, opt } from './step-fields';

export const AI_STEPS: readonly StepTypeInfo[] = [
  {
    type: 'ai',
    group: 'ai',
    label: 'AI prompt',
    description: 'Prompt the account’s AI model: text, or JSON matching a schema.',
    icon: 'sparkles',
    fields: [
      { key: 'prompt', label: 'Prompt', kind: 'textarea', required: true },
      { key: 'system', label: 'Instructions', kind: 'textarea' },
      {
        key: 'output',
        label: 'Answer as',
        kind: 'select',
        options: opt(['text', 'Text'], ['json', 'JSON matching a schema']),
        default: 'text',
      },
      {
        key: 'schema',
        label: 'JSON schema',
        kind: 'json',
        showIf: { key: 'output', equals: ['json'] },
        default: '{ "type": "object", "properties": { "summary": { "type": "string" } }, "required": ["summary"] }',
      },
      { key: 'model', label: 'Model', kind: 'text', placeholder: 'Account default' },
      { key: 'outputField', label: 'Put the answer in', kind: 'text', default: 'ai' },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Runs once per item. The answer goes into the field named in **Put the answer in** (text, or the JSON object). With no model configured the step fails and says so.',
    settings: { timeoutMs: 120_000, retries: 1 },
  },
];
