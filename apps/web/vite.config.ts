import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeBundles } from './build/locale-bundles.ts';
import { precompress } from './build/precompress.ts';
import { areaChunkGroup } from './build/area-chunks.ts';
import { mantineUnusedCss } from './build/mantine-css.ts';
import { mantineStableIds } from './build/mantine-use-id.ts';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), mantineStableIds(), mantineUnusedCss(), localeBundles(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.KOLIKKO_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group's own modules only, not what they import (React, Mantine's core), which
          // the groups below place by themselves.
          includeDependenciesRecursively: false,
          groups: [
            // TanStack Query in one chunk with the provider layer the signed-in layouts load with it
            // (lib/query-layer.tsx and what it imports, once a file of 0.4 KB of its own): every
            // signed-in page needs all of it, and a visitor's none.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/](query-layer|query-provider|query-client|first-data-cache)\.tsx?$/, priority: 1 },
            // Fewer, larger chunks where pages always load code together (build/area-chunks.ts).
            areaChunkGroup(),
          ],
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
