import { useEffect, useRef } from 'react';
import { ErrorScreen } from '@/components/screens/error-screen';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { useLogout } from '@/features/auth/api/logout';

/** `/logout` (the side-menu item): signs out on arrival; the guard then shows the login page. */
export function LogoutRoute() {
  const { mutate, isError } = useLogout();
  const started = useRef(false);
  useEffect(() => {
    // Once, even when StrictMode runs effects twice.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);
  return isError ? <ErrorScreen onRetry={() => mutate()} /> : <LoadingScreen />;
}
