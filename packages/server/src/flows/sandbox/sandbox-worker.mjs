// The entry of a sandbox worker thread, in JavaScript because a worker does not inherit the
// TypeScript loader the server runs under from source (neither `node --import tsx`, `tsx watch` nor
// vitest reach it). Registering tsx where it is already active is harmless.
// The compiled server (build.mjs) bundles this file as dist/sandbox-worker.js with register() a no-op.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

// On Linux a thread has its own nice value: scripts spinning on every core then still leave the
// thread that answers HTTP its share of the CPU. Threads started from here (tsx's loader) inherit it.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 5);
} catch {
  // Not Linux: the threads keep the process's priority.
}

register();
await import('./sandbox-worker.ts');
