// Preloaded into the server by bench/memory.ts (`node --import ./bench/memory-probe.mjs …`): on
// SIGUSR2 it writes the main thread's view of its memory to BENCH_MEMORY_PROBE_FILE, after a full
// garbage collection when node runs with --expose-gc.
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
    writeFileSync(file, JSON.stringify(report));
  });
