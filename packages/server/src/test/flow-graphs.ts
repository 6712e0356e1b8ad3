export type ChainStep = { id: string; type: string; name: string; params: Record<string, unknown> };

/** A graph of the given steps left to right, 300 apart, each connected to the next by its main handles. */
export function chainedGraph(steps: ChainStep[]) {
  return {
    nodes: steps.map((step, index) => ({ ...step, position: { x: index * 300, y: 0 } })),
    edges: steps.slice(1).map((step, index) => ({
      id: `e${index + 1}`,
      source: (steps[index] as ChainStep).id,
      target: step.id,
      sourceHandle: 'main',
      targetHandle: 'main',
    })),
  };
}

/**
 * A published webhook flow answered by its Respond step: the trigger, then a `webhook.respond`
 * step with `respond` as its parameters.
 */
export function webhookAnsweredBy(respond: Record<string, unknown>) {
  return chainedGraph([
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
    { id: 'answer', type: 'webhook.respond', name: 'Answer', params: respond },
  ]);
}
