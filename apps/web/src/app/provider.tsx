import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { NotificationsOutlet } from '@/components/ui/notifications-outlet';
import { createQueryClient } from '@/lib/query-client';

/** Everything a page needs around it. Tests pass their own query client so no cache leaks between them. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <NotificationsOutlet />
    </QueryClientProvider>
  );
}
