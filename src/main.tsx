import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { loadRuntimeConfig } from './lib/config';
import { trackSessionRestore } from './lib/auth-store';

// The API base URL must be known before the first request, so config loads before the app (index.html
// asks for it while this code downloads). Who is signed in (the embedded server's cookie session is
// asked for, never stored: issue #23) is asked at the same time as the first page's data: loaders
// that depend on it await sessionReady(), the root route's among them, so nothing renders before
// it is known (issue #22: one request round less).
await loadRuntimeConfig();
trackSessionRestore(import('./features/auth/api/auth-queries').then((m) => m.restoreSession()));
const { App } = await import('./app/app');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
