import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

document.documentElement.dir = 'rtl';
document.documentElement.lang = 'ar';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
