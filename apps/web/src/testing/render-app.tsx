import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { appRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

/** The whole app (guards, lazy routes, providers) at `initialPath`: the app's cache settings, fresh, no retries. */
export function renderApp(initialPath: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [initialPath] });
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, user, queryClient };
}
