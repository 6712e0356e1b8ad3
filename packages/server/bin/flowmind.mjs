#!/usr/bin/env node
// Runs the compiled server (`npm run build` writes it to dist/). There is deliberately no fallback
// to the TypeScript source: a checkout that was never built says so instead of quietly running
// through a loader in production. From source, use `npm run dev`.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('The server is not built yet: run `npm run build` first (or `npm start`, which builds and runs it).');
  process.exit(1);
}
// What --enable-source-maps does, for modules loaded from here on: stack traces name the .ts files.
process.setSourceMapsEnabled(true);
await import(main.href);
