/** A place in an account's line: a queued execution's id, or a webhook call waiting in process. */
type Turn = string | { grant: () => void };

/**
 * Turns of each account's executions in this process: how many run here, and who waits for the
 * next free one, in arrival order. A webhook call that finds its account at the limit waits here
 * (then runs inline); a queued execution refused by the database claim waits here to be woken.
 * New arrivals queue behind anyone already waiting, so turns are fair.
 */
export function createTurns({
  limit,
  wakeExecution,
  isStopped = () => false,
}: {
  limit: number;
  /** Called when a queued execution's turn comes; it claims through the database again. */
  wakeExecution: (executionId: string) => void;
  isStopped?: () => boolean;
}) {
  const running = new Map<string, number>();
  const waiting = new Map<string, Turn[]>();

  const add = (accountId: string, delta: number) => {
    const n = (running.get(accountId) ?? 0) + delta;
    if (n > 0) running.set(accountId, n);
    else running.delete(accountId);
  };

  const remove = (accountId: string, turn: Turn) => {
    const list = waiting.get(accountId);
    const at = list?.indexOf(turn) ?? -1;
    if (list && at >= 0) list.splice(at, 1);
    if (list && list.length === 0) waiting.delete(accountId);
  };

  const turns = {
    running: (accountId: string) => running.get(accountId) ?? 0,

    /** Takes a turn now if one is free and nobody waits for it. */
    tryTake(accountId: string): boolean {
      if (turns.running(accountId) >= limit || waiting.has(accountId)) return false;
      add(accountId, 1);
      return true;
    },

    /** Counts one that runs here already (claimed through the database). */
    take(accountId: string) {
      add(accountId, 1);
    },

    /** Gives a turn back and hands it to the next in line. */
    release(accountId: string) {
      add(accountId, -1);
      turns.wakeNext(accountId);
    },

    /** Waits in line for a turn (taken for the caller when granted); false when none came in `ms`. */
    waitFor(accountId: string, ms: number): Promise<boolean> {
      return new Promise<boolean>((resolve) => {
        const turn: Turn = {
          grant: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        const timer = setTimeout(() => {
          remove(accountId, turn);
          resolve(false);
        }, ms);
        const list = waiting.get(accountId) ?? [];
        list.push(turn);
        waiting.set(accountId, list);
        // A turn may be free already (the line may hold only executions that cannot run yet).
        queueMicrotask(() => turns.wakeNext(accountId));
      });
    },

    /** Puts a refused execution in line: at the front if it was woken and still refused. */
    queueExecution(accountId: string, executionId: string, front: boolean) {
      const list = waiting.get(accountId) ?? [];
      if (!list.includes(executionId)) front ? list.unshift(executionId) : list.push(executionId);
      waiting.set(accountId, list);
    },

    /** Hands a free turn to the first in line, if the account has one free. */
    wakeNext(accountId: string) {
      if (isStopped() || turns.running(accountId) >= limit) return;
      const list = waiting.get(accountId);
      const next = list?.shift();
      if (list && list.length === 0) waiting.delete(accountId);
      if (next === undefined) return;
      if (typeof next === 'string') wakeExecution(next);
      else {
        // A call waiting in this process: its turn is counted before it hears of it.
        add(accountId, 1);
        next.grant();
      }
    },
  };
  return turns;
}

export type Turns = ReturnType<typeof createTurns>;
