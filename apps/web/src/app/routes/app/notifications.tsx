import { NotificationSettings } from '@/features/account/components/notification-settings';
import { useAccountTranslation } from '@/features/account/i18n';

/** `/user/notifications`: the push opt-in, reached from the account part of the menu (decision 0051). */
export function NotificationsRoute() {
  const { t } = useAccountTranslation();
  return (
    <div className="mx-auto max-w-md space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('notifications.title')}</h1>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7">
        <NotificationSettings />
      </div>
    </div>
  );
}
