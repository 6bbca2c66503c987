import '@fontsource/noto-sans-khmer/400.css';
import '@fontsource/noto-sans-khmer/600.css';
import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { startApp } from '@/app/start';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

await startApp();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
