import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeBundles } from './build/locale-bundles.ts';
import { precompress } from './build/precompress.ts';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), localeBundles(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.KOLIKKO_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Its own modules only, not React, which it imports and every page needs.
          includeDependenciesRecursively: false,
          // TanStack Query in one chunk: every signed-in page needs all of it, and a visitor's none.
          groups: [{ name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
      '/healthz': { target: apiTarget },
    },
  },
});
