import './styles/fonts.css';
import './styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForInstallPrompt } from './lib/install-prompt';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';
import { loadWebFontWhenIdle } from './lib/web-font';

// Before the first render: the browser may offer to install the app as soon as the page loads.
listenForInstallPrompt();

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices and lets the browser breathe
// between them, instead of one long task that blocks input while the page starts.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

loadWebFontWhenIdle();
registerServiceWorkerWhenIdle();
