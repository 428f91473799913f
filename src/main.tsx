import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { loadRuntimeConfig } from './lib/config';

// The API base URL must be known before the first request, so config loads before the app.
await loadRuntimeConfig();
const { App } = await import('./app/app');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
