import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstReadOf, liveQueryKey } from './use-live-query';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('the first HTTP read of a live path', () => {
  const path = 'executions/ex_1';

  it('gives its answer when no snapshot came while it was under way', async () => {
    const queryClient = new QueryClient();
    const read = firstReadOf(queryClient, path, async () => ({ status: 'running' }), new Map());
    expect(await read()).toEqual({ status: 'running' });
  });

  it('keeps a snapshot that arrived meanwhile instead of its older answer', async () => {
    const queryClient = new QueryClient();
    const snapshots = new Map<string, number>();
    const answer = deferred<{ status: string }>();
    const reading = firstReadOf(queryClient, path, () => answer.promise, snapshots)();
    // The socket says the run finished before the slow read comes back with what it saw earlier.
    snapshots.set(path, 1);
    queryClient.setQueryData(liveQueryKey(path), { status: 'succeeded' });
    answer.resolve({ status: 'running' });
    expect(await reading).toEqual({ status: 'succeeded' });
  });

  it('is not fooled by a snapshot of another path', async () => {
    const queryClient = new QueryClient();
    const snapshots = new Map<string, number>();
    const answer = deferred<{ status: string }>();
    const reading = firstReadOf(queryClient, path, () => answer.promise, snapshots)();
    snapshots.set('executions/ex_2', 1);
    queryClient.setQueryData(liveQueryKey('executions/ex_2'), { status: 'failed' });
    answer.resolve({ status: 'running' });
    expect(await reading).toEqual({ status: 'running' });
  });
});
