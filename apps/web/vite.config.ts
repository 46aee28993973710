import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react()],
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
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
});
