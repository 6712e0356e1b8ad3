// The entry of a sandbox worker thread, in JavaScript because a worker does not inherit the
// TypeScript loader the server runs under (neither `node --import tsx`, tsx's register() in
// bin/flowmind.mjs, nor vitest reach it). Registering tsx where it is already active is harmless.
import { register } from 'tsx/esm/api';

register();
await import('./sandbox-worker.ts');
