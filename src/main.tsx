import { onlineManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app.tsx';
import './styles/global.css';

async function startMockBackend() {
  // The build's mode first, which Vite writes in as a constant: a production build drops msw altogether, and reads
  // the environment only with the API client, which the landing page does not load.
  if (!(import.meta.env.DEV || import.meta.env.MODE === 'mock')) return;
  const { env } = await import('./config/env.ts');
  if (!env.apiMocking) return;
  const { startMockWorker } = await import('#mocks/browser.ts');
  await startMockWorker();
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

await startMockBackend();
// TanStack Query assumes it is online until the browser's `offline` event; a page opened offline says so at once.
if (!navigator.onLine) onlineManager.setOnline(false);
const app = createApp();
createRoot(rootElement).render(
  <StrictMode>
    <App {...app} />
  </StrictMode>,
);
