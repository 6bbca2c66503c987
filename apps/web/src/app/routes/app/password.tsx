import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { useTranslation } from '@/lib/i18n';

/** `/user/password`. */
export function ChangePasswordRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('password.title')}</h1>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7">
        <ChangePasswordForm />
      </div>
    </div>
  );
}
