import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ErrorScreen } from '@/components/screens/error-screen';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { MaintenanceScreen } from '@/components/screens/maintenance-screen';
import { AFTER_LOGIN_HREF, paths } from '@/config/paths';
import { AppStart, RequireSignedIn, RequireSignedOut } from './guards';

/** Route modules are loaded on first visit: each `routes/…` file default-exports its page. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const signedInPlaceholder = page(() => import('./routes/app/signed-in-placeholder'));

/**
 * Signed-in pages still to be built; each shows the placeholder until its issue lands. The lottery routes are
 * missing on purpose: they exist only when the account's lottery flag is on (seed §6).
 */
const PLACEHOLDER_PATHS = [
  paths.game.lotto59.path,
  paths.game.sport.path,
  paths.game.casino.path,
  paths.game.slot.path,
  paths.game.slotPlay.path,
  paths.game.fishing.path,
  paths.game.fishingPlay.path,
  paths.user.password.path,
  paths.report.lotto59.path,
  paths.report.sport.path,
  paths.report.casino.path,
  paths.report.fishing.path,
  paths.ticket.lotto59.path,
  paths.transaction.deposit.path,
  paths.transaction.withdraw.path,
];

export const appRoutes: RouteObject[] = [
  {
    element: <AppStart />,
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <ErrorScreen />,
    children: [
      // Seed §2 gives `/` a public landing page; until it exists, it leads where a signed-in player starts.
      { path: paths.home.path, element: <Navigate to={AFTER_LOGIN_HREF} replace /> },
      { path: paths.maintenance.path, element: <MaintenanceScreen /> },
      {
        element: <RequireSignedOut />,
        children: [{ path: paths.auth.login.path, lazy: page(() => import('./routes/auth/login')) }],
      },
      {
        element: <RequireSignedIn />,
        children: [
          { path: paths.auth.logout.path, lazy: page(() => import('./routes/auth/logout')) },
          { path: paths.game.lotto.path, element: <Navigate to={AFTER_LOGIN_HREF} replace /> },
          ...PLACEHOLDER_PATHS.map((path): RouteObject => ({ path, lazy: signedInPlaceholder })),
          // Seed §2: any unknown path leads to the after-login page.
          { path: '*', element: <Navigate to={AFTER_LOGIN_HREF} replace /> },
        ],
      },
    ],
  },
];
