import { notifications, useNotifications } from '@/lib/notifications';
import { AlertDialog } from './alert-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { StatusToast, ToastStack } from './status-toast';
import { WinnersBanner } from './winners-banner';

/** Draws what `notifications` holds. One dialog at a time: an alert goes above a pending confirm. */
export function NotificationsHost() {
  const { alerts, confirm, toasts, banner } = useNotifications();
  const alert = alerts[0];
  return (
    <>
      {banner && (
        <WinnersBanner key={banner.id} options={banner.options} onClose={notifications.hideBanner} />
      )}
      {toasts.length > 0 && (
        <ToastStack>
          {toasts.map((toast) => (
            <StatusToast key={toast.id} options={toast.options} />
          ))}
        </ToastStack>
      )}
      {alert ? (
        <AlertDialog
          key={alert.id}
          options={alert.options}
          onClose={() => notifications.closeAlert(alert.id)}
        />
      ) : (
        confirm && (
          <ConfirmDialog key={confirm.id} options={confirm.options} onSettle={notifications.settleConfirm} />
        )
      )}
    </>
  );
}
