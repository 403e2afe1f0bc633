import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { App } from './app/app.tsx';
import { router } from './app/router.tsx';
import { prefetchSession } from './lib/auth.ts';
import { firstDataSettled, prefetchFirstData } from './lib/first-data.ts';
import { startI18n } from './lib/i18n.ts';
import { installSocketLifecycle, socketConnected } from './lib/socket.ts';
import { removeStaleCaches } from './lib/stale-caches.ts';

removeStaleCaches();
installSocketLifecycle();

const container = document.getElementById('root');
/** How long the first draw waits for a signed-in user's live connection at most. */
const SOCKET_WAIT_MS = 1500;
/** How long the first draw waits for the page's first data at most, once everything else is in. */
const FIRST_DATA_WAIT_MS = 1000;

// The page's translations, its route chunks and the session check (then, for a signed-in user,
// the live connection, then the page's first data: lib/first-data.ts) load side by side;
// index.html's shell shows until they are in, then the page draws once, with its data, and its
// queries start after the socket is in its rooms (lib/socket.ts).
void Promise.all([
  startI18n(),
  router.ready,
  prefetchSession()
    .then(() => socketConnected(SOCKET_WAIT_MS))
    .then(() => prefetchFirstData(window.location.pathname)),
])
  .then(() => firstDataSettled(FIRST_DATA_WAIT_MS))
  .then(() => {
    if (!container) return;
    const root = createRoot(container);
    // In a transition React renders the first tree in slices of about 5 ms and yields between
    // them, instead of one task of the whole page that blocks input (issue 13, Lighthouse's total
    // blocking time); the shell stays until the tree commits in one piece.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
