import { randomBytes } from 'node:crypto';
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

const apiTarget = process.env.FLOWMIND_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), buildId()],
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
