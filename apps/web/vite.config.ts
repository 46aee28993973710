import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig({
  // Brotli and gzip copies of every text asset, index.html too, served as they are by the API
  // (@fastify/static preCompressed; docs/decisions/015-light-first-page.md).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  server: {
    port: 5173,
    // /uploads: map images and documents are served by the API, behind the session.
    proxy: {
      '/api': apiTarget,
      '/parcelas': apiTarget,
      '/uploads': apiTarget,
      '/docs': apiTarget,
      '/health': apiTarget,
      '/ready': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // scripts/measure-web.ts holds the real budgets (gzip).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The domain package's modules only declare things, except its zod locale: a page that uses its messages
        // or roles does not carry every schema of the contract (and zod with them).
        moduleSideEffects: (id) => !id.includes('/packages/domain/src/') || id.endsWith('/zod-locale.ts'),
      },
      output: {
        // React and the router change seldom: one chunk the browser keeps across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules\/(react|react-dom|scheduler|react-router)\// },
            // The chart library (docs/decisions/009): one chunk that the charts of 'Tasa de cambio' and 'Cobranza'
            // share, loaded only when one of them is shown.
            // Its dependencies that other screens use too (MUI's core) stay where they are.
            {
              name: 'chart-library',
              test: /node_modules\/(@mui\/x-charts[^/]*|d3-[^/]+|internmap)\//,
              includeDependenciesRecursively: false,
            },
            // Everything the first page loads, in one chunk beside React (docs/decisions/035): once the date picker
            // shared MUI's core with it, the bundler split the login page's modules into seven small files that
            // gzip worse together, over its 180 KB budget. One file is also fewer requests.
            { name: 'first-page', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
