#!/usr/bin/env node
// Compiles the server to JavaScript in dist/ (`npm run build`), so production runs plain `node`
// with no TypeScript loader: main.js (the server) and sandbox-worker.js (the code-step worker
// thread, which loads separately from the main thread). Our own source, @flowmind/shared included,
// is bundled in; packages from node_modules stay imports, loaded from node_modules at run time,
// where some of them find their own files (PGlite's and QuickJS's WebAssembly).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const server = new URL('.', import.meta.url).pathname;

const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(build) {
    // The worker's source entry registers tsx so that it can import TypeScript; in the bundle that
    // TypeScript is already compiled in, so registering is a no-op and tsx is never loaded.
    build.onResolve({ filter: /^tsx\/esm\/api$/ }, () => ({ path: 'tsx', namespace: 'no-tsx' }));
    build.onLoad({ filter: /.*/, namespace: 'no-tsx' }, () => ({ contents: 'export function register() {}' }));
    // `packages: 'external'` would leave @flowmind/shared out too, and its package exports point
    // at TypeScript source that plain node cannot load.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@flowmind/') ? undefined : { external: true },
    );
  },
};

rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: server,
  entryPoints: { main: 'src/main.ts', 'sandbox-worker': 'src/flows/sandbox/sandbox-worker.mjs' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Stack traces in the logs point at the .ts files (run with --enable-source-maps). The map holds
  // no copy of the sources: node keeps a map it loads in memory for good, and traces need none.
  sourcemap: true,
  sourcesContent: false,
  plugins: [nodeModulesExternal],
  logLevel: 'warning',
});

// V8 keeps a module's source text (for Function.prototype.toString) at one byte a character when
// all of it is Latin-1, and at two bytes otherwise: one "→" in a comment esbuild keeps (it escapes
// the ones in strings) doubles what the bundle's 750 kB cost. In comment lines they become \u
// escapes, which a comment reads the same; the lines and the code's columns stay as mapped.
for (const file of ['main.js', 'sandbox-worker.js']) {
  const path = new URL(`dist/${file}`, import.meta.url);
  const code = readFileSync(path, 'utf8');
  const latin1 = code.replace(/^[ \t]*(?:\/\/|\/\*|\*).*$/gm, (line) =>
    line.replace(/[^\0-\xff]/gu, (char) => `\\u{${char.codePointAt(0).toString(16)}}`),
  );
  if (latin1 !== code) writeFileSync(path, latin1);
  if (/[^\0-\xff]/u.test(latin1))
    console.warn(
      `${file} holds characters beyond Latin-1 outside comment lines: V8 keeps its source at two bytes each`,
    );
}
console.log(`server built in ${Math.round(performance.now() - started)} ms: packages/server/dist/main.js`);
