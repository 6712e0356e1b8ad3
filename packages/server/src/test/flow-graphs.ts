/**
 * A published webhook flow answered by its Respond step: the trigger, then a `webhook.respond`
 * step with `respond` as its parameters.
 */
export function webhookAnsweredBy(respond: Record<string, unknown>) {
  return {
    nodes: [
      {
        id: 'hook',
        type: 'trigger.webhook',
        name: 'Webhook',
        position: { x: 0, y: 0 },
        params: { respond: 'respond_step' },
      },
      { id: 'answer', type: 'webhook.respond', name: 'Answer', position: { x: 300, y: 0 }, params: respond },
    ],
    edges: [{ id: 'e1', source: 'hook', target: 'answer', sourceHandle: 'main', targetHandle: 'main' }],
  };
}
