import { fileURLToPath } from 'node:url';

// Files the server reads at run time, found from this module's own address. It sits directly in
// src/ because the bundle (dist/main.js) sits directly in dist/: one folder below the package in
// both, so the same relative paths hold whether the server runs from source or compiled.
const here = import.meta.url;

/** Running the esbuild bundle (`npm run build`) rather than the TypeScript source through tsx or vitest. */
export const compiled = !here.endsWith('.ts');

export const migrationsFolder = fileURLToPath(new URL('../drizzle', here));

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', here));

// From source the worker thread needs tsx registered before it can load TypeScript; the bundle has
// its own compiled worker entry next to main.js.
export const sandboxWorkerUrl = new URL(compiled ? './sandbox-worker.js' : './flows/sandbox/sandbox-worker.mjs', here);
