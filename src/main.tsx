import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { loadRuntimeConfig } from './lib/config';

// The API base URL must be known before the first request, so config loads before the app; then
// who is signed in (the embedded server's cookie session is asked for, never stored: issue #23).
await loadRuntimeConfig();
const { restoreSession } = await import('./features/auth/api/auth-queries');
await restoreSession();
const { App } = await import('./app/app');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
