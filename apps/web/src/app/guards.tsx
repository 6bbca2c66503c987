import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { ErrorScreen } from '@/components/screens/error-screen';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { MaintenanceScreen } from '@/components/screens/maintenance-screen';
import { AFTER_LOGIN_HREF, paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { applyPollRule } from '@/lib/cookies';
import { isHttpError } from '@/lib/http-client';

/**
 * Seed §4, app start: nothing shows until `GET /api/user` answers. A 503 is maintenance, whenever it comes;
 * any other failure before the first answer offers a retry. Each user detail that arrives applies the poll
 * cookie rule.
 */
export function AppStart() {
  const user = useUser();
  useEffect(() => {
    if (user.data) applyPollRule(user.data);
  }, [user.data]);
  if (isHttpError(user.error, 503)) return <MaintenanceScreen />;
  if (user.isPending) return <LoadingScreen />;
  if (user.isError && user.data === undefined) return <ErrorScreen onRetry={() => void user.refetch()} />;
  return <Outlet />;
}

/** Seed §6: every route but the public ones needs a signed-in player. */
export function RequireSignedIn() {
  const { data: user } = useUser();
  return user ? <Outlet /> : <Navigate to={paths.auth.login.getHref()} replace />;
}

/** Seed §4: a signed-in player who opens the login page goes to lotto 59 (also right after logging in). */
export function RequireSignedOut() {
  const { data: user } = useUser();
  return user ? <Navigate to={AFTER_LOGIN_HREF} replace /> : <Outlet />;
}
