import type { WebhookResponse } from '../steps/step';
import type { ExecutionRepository } from './execution.repository';

/**
 * Webhook calls whose execution waits its turn in the queue: each waits for the response a Respond
 * step gives when a worker runs it. A worker in this process says so directly (`answer`); one in
 * another process is seen in the saved row.
 */
export function createQueuedResponses(repo: ExecutionRepository) {
  const waiters = new Map<string, (response: WebhookResponse | null) => void>();

  return {
    /** A Respond step of a queued execution run here answered (null: it ended without answering). */
    answer(executionId: string, response: WebhookResponse | null) {
      waiters.get(executionId)?.(response);
    },

    /** The execution's response, or null when it ends without one or `timeoutMs` passes first. */
    async wait(executionId: string, { timeoutMs, local }: { timeoutMs: number; local: boolean }) {
      if (local) {
        const response = await new Promise<WebhookResponse | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), timeoutMs);
          waiters.set(executionId, (value) => {
            clearTimeout(timer);
            resolve(value);
          });
        });
        waiters.delete(executionId);
        return response;
      }
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const current = await repo.row(executionId);
        if (current?.response) return current.response as WebhookResponse;
        if (current && ['succeeded', 'failed', 'cancelled'].includes(current.status)) return null;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return null;
    },
  };
}
