// The Khmer subset only: Latin letters and digits are drawn by the system's sans-serif (the next font of the
// stack in index.css), which every phone has; the Latin subsets were two more files on the first screen's 3G
// line (docs/decisions/0018-web-fast-first-open.md).
import '@fontsource/noto-sans-khmer/khmer-400.css';
import '@fontsource/noto-sans-khmer/khmer-600.css';
import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { startApp } from '@/app/start';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { createQueryClient } from '@/lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

await startApp();
// Seed §4: nothing shows until `GET /api/user` answers. Asked before the first render rather than by it: on a
// slow phone that render takes a few hundred milliseconds the request can spend on the line instead.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(userQueryOptions());
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
