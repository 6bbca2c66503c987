import { lazy, Suspense } from 'react';
import { useNotifications } from '@/lib/notifications';

const NotificationsHost = lazy(() =>
  import('./notifications-host').then((m) => ({ default: m.NotificationsHost })),
);

/**
 * Draws the notifications once there is one to draw: the dialogs, toast and banner load on first use, so the
 * login page's bundle does not carry them.
 */
export function NotificationsOutlet() {
  const { alerts, confirm, toasts, banner } = useNotifications();
  if (alerts.length === 0 && !confirm && toasts.length === 0 && !banner) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
