import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Gives every build a unique id: compiled into the client as import.meta.env.VITE_BUILD_ID and written to
 * dist/build.json, which the running app polls to notice that a newer build was deployed.
 */
function buildId(): Plugin {
  const id = `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomBytes(4).toString('hex')}`;
  return {
    name: 'flowmind-build-id',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ id })}\n` });
    },
  };
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, at the highest levels: it is
 * done once per build, so the server sends these as they are (with their Content-Encoding) instead of
 * compressing on each request. A copy that would not be smaller is not written, so the file goes uncompressed.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'flowmind-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // zlib's async calls run on its thread pool, so the files are compressed on every core at once.
    async closeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (path) => {
          const raw = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${path}.br`, br);
          if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

const apiTarget = process.env.FLOWMIND_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), buildId(), precompress()],
  server: {
    proxy: {
      '/api': {
        target: apiTarget,
        ws: true,
        configure(proxy) {
          // The server refuses writes and sockets from a foreign Origin; in development the page's origin is
          // the Vite server, so present the API's own origin instead.
          proxy.on('proxyReq', (proxyReq) => {
            if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', apiTarget);
          });
          proxy.on('proxyReqWs', (proxyReq) => {
            if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', apiTarget);
          });
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Keeps the landing page's first load small: React and the router ship with the entry, while the UI
        // kit, the auth client and zod land in chunks that only the app's inner pages import.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/ },
            {
              name: 'radix',
              test: /node_modules[\\/](@radix-ui|radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/,
            },
            {
              name: 'auth-client',
              test: /node_modules[\\/](better-auth|@better-auth|@better-fetch|nanostores|better-call|defu|jose|uncrypto)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
