import type { FlowTemplate } from './flows';

/**
 * The gallery in the create dialog. Each graph must pass `FlowGraph` and `validateGraph`
 * (flow-templates.test.ts checks both).
 */
export const FLOW_TEMPLATES: readonly FlowTemplate[] = [
  {
    id: 'webhook-echo',
    name: 'Webhook echo',
    description: 'Answer a webhook call with what it sent: a starting point for an API endpoint.',
    category: 'Webhooks',
    trigger_type: 'webhook',
    graph: {
      nodes: [
        {
          id: 'trigger',
          type: 'trigger.webhook',
          name: 'Webhook',
          position: { x: 0, y: 0 },
          params: { method: 'ANY', respond: 'respond_step' },
          settings: {},
        },
        {
          id: 'respond',
          type: 'webhook.respond',
          name: 'Respond',
          position: { x: 320, y: 0 },
          params: { status: 200, bodyType: 'first_item' },
          settings: {},
        },
      ],
      edges: [{ id: 'e1', source: 'trigger', sourceHandle: 'main', target: 'respond', targetHandle: 'main' }],
      stickies: [],
    },
  },
];
