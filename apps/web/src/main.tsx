import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { App } from './app/app.tsx';
import { router } from './app/router.tsx';
import { prefetchSession } from './lib/auth.ts';
import { prefetchFirstData } from './lib/first-data.ts';
import { startI18n } from './lib/i18n.ts';
import { installSocketLifecycle, socketConnected } from './lib/socket.ts';
import { removeStaleCaches } from './lib/stale-caches.ts';

removeStaleCaches();
installSocketLifecycle();

const container = document.getElementById('root');
/** How long the first draw waits for a signed-in user's live connection at most. */
const SOCKET_WAIT_MS = 1500;

// The page's translations, its route chunks and the session check (then, for a signed-in user,
// the live connection, then the page's first data: lib/first-data.ts) load side by side;
// index.html's shell shows until all but the data are in, then the page draws once and its
// queries start (or take the first data) after the socket is in its rooms (lib/socket.ts).
void Promise.all([
  startI18n(),
  router.ready,
  prefetchSession()
    .then(() => socketConnected(SOCKET_WAIT_MS))
    .then(() => prefetchFirstData(window.location.pathname)),
]).then(() => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
