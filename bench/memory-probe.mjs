// Preloaded into the server by bench/memory.ts (`node --import ./bench/memory-probe.mjs …`): on
// SIGUSR2 it writes the main thread's view of its memory to BENCH_MEMORY_PROBE_FILE, after a full
// garbage collection when node runs with --expose-gc. With BENCH_MEMORY_SNAPSHOTS (a folder) it
// also writes a heap snapshot there each time (which itself grows the process: for looking, not measuring).
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.BENCH_MEMORY_PROBE_FILE;
if (file)
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    const report = {
      memoryUsage: process.memoryUsage(),
      heapSpaces: v8.getHeapSpaceStatistics(),
      code: v8.getHeapCodeStatistics(),
    };
    if (process.env.BENCH_MEMORY_SNAPSHOTS)
      v8.writeHeapSnapshot(`${process.env.BENCH_MEMORY_SNAPSHOTS}/flowmind-${Date.now()}.heapsnapshot`);
    writeFileSync(file, JSON.stringify(report));
  });
