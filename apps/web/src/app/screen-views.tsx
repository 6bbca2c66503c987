import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackScreenView } from '@/lib/analytics';

/** Seed §1: every screen the player sees is logged to analytics (one event per path change). */
export function ScreenViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackScreenView(pathname);
  }, [pathname]);
  return null;
}
