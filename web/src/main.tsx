import './styles/fonts.css';
import './styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadWebFontWhenIdle } from './lib/web-font';

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
