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
            // What every page loads just after its first render, each on its own as before: the notices'
            // container with react-toastify, and the colour-mode menu (tooltip, popper, menu). Grouped before 'area'
            // so that the login page never asks for an area's chunk.
            { name: 'toasts', test: /apps\/web\/src\/app\/toasts\.tsx$|node_modules\/react-toastify\// },
            { name: 'color-mode-toggle', test: /apps\/web\/src\/components\/color-mode-toggle\.tsx$/ },
            // zod, under the schemas of most screens and of the welcome pages' domain modules: one chunk.
            { name: 'zod', test: /node_modules\/zod\// },
            // An area's first visit (docs/decisions/037): the role guard, dayjs in Spanish, the admin and sales
            // frames and the screens a sign-in lands on, with everything they import. Left to the bundler these
            // were ~45 files of 1–9 KB, six at a time over HTTP/1.1, before the welcome page could paint.
            {
              name: 'area',
              test: /apps\/web\/src\/(app\/require-role|features\/shell\/(admin|sales)-layout|features\/admin\/welcome\/admin-welcome-page|features\/sales\/sales-welcome-page)\.tsx$|node_modules\/dayjs\/(dayjs\.min|locale\/es)\.js$/,
            },
          ],
        },
      },
    },
  },
});
