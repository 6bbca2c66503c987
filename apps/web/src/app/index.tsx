import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './routes';

/** `queryClient`: the one `main.tsx` already started the first calls with (a fresh one otherwise). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider {...(queryClient ? { queryClient } : {})}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
