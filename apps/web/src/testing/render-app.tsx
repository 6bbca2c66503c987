import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

/** What a test may ask of the router: where the app is, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

interface Probe {
  location?: Location;
  navigate?: NavigateFunction;
}

function RouterProbe({ report }: { report: (probe: Required<Probe>) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  // In the commit that renders the location, not after it: a passive effect runs later, and a CI run on a
  // loaded machine found the login form on screen while the probe still reported the private page before it.
  useLayoutEffect(() => {
    report({ location, navigate });
  });
  return null;
}

/** The whole app (guards, lazy routes, providers) at `initialPath`: the app's cache settings, fresh, no retries. */
export function renderApp(initialPath: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  let probe: Probe = {};
  const router: TestRouter = {
    state: {
      get location() {
        if (!probe.location) throw new Error('the router has not rendered yet');
        return probe.location;
      },
    },
    navigate: async (to) => {
      await probe.navigate?.(to);
    },
  };
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[initialPath]}>
        <AppRoutes />
        <RouterProbe report={(seen) => (probe = seen)} />
      </MemoryRouter>
    </AppProvider>,
  );
  return { router, user, queryClient };
}
