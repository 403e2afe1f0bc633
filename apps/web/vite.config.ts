import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll[^\\/]*|react-number-format)[\\/]/ },
            // The todo editor's libraries load only with the editor (it is imported on demand).
            { name: 'quill', test: /node_modules[\\/](quill|quill-delta|parchment|eventemitter3|lodash-es|lodash\.clonedeep|lodash\.isequal|fast-diff)[\\/].*\.js$/ },
            // Stripe's libraries load only with the checkout's card form (imported on demand); in the
            // shared vendor chunk every page, a student's too, would fetch them.
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
