import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { App } from './app/app.tsx';
import { installSocketLifecycle } from './lib/socket.ts';
import { removeStaleCaches } from './lib/stale-caches.ts';

removeStaleCaches();
installSocketLifecycle();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
